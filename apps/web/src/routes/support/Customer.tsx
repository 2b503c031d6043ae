// /customer — the agent's customer service as configured: online chat, hotline (with its hours),
// e-mail, QR codes; a channel that is not configured is neither shown nor promised. 在线咨询 is the
// agent's own chat service when it set an https address, else the built-in one on the ticket system
// (/chat, docs/decisions/0034). Works
// logged out (the mark's branding carries the hotline). `form` names the route the user came
// from; "back" returns there when there is no history.
import { externalChatUrl } from '@portal/domain';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { routeByName } from '../../config/routes';
import { useBrand } from '../../features/branding/model/brandingStore';
import { useChatThread } from '../../features/tickets/api/chat';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import styles from './Customer.module.css';

function CustomerPage() {
  const brand = useBrand();
  const [params] = useSearchParams();
  const from = routeByName(params.get('form') ?? '');
  const fallback = from?.page ? from.path : '/';
  const external = brand.openCustomer ? externalChatUrl(brand.customerUrl) : '';
  // a logged-in holder sees support's replies waiting in the built-in conversation
  const loggedIn = Boolean(useStored('token'));
  const thread = useChatThread(loggedIn && brand.openCustomer && !external);
  const unread = thread.data?.unread ?? 0;
  const channels = [brand.openCustomer && '在线咨询', brand.hotline && '电话', brand.email && '邮件'].filter(Boolean);

  return (
    <div className={styles.page}>
      <PageHeader title="在线客服" fallback={fallback} />
      <section className={styles.hero}>
        <svg viewBox="0 0 64 64" aria-hidden="true" className={styles.art}>
          <circle cx="32" cy="32" r="30" fill="rgba(255,255,255,0.18)" />
          <path d="M18 36v-4a14 14 0 0 1 28 0v4" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
          <rect x="14" y="34" width="9" height="13" rx="3" fill="#fff" />
          <rect x="41" y="34" width="9" height="13" rx="3" fill="#fff" />
          <path d="M45 47c0 4-4 6-9 6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p className={styles.hello}>您好，有什么可以帮您？</p>
        <p className={styles.helloSub}>
          {channels.length ? `${brand.appName}为您提供${channels.join('、')}服务` : `${brand.appName}客服联系方式暂未开通`}
        </p>
      </section>

      <section className={styles.panel}>
        {external ? (
          <a className="app-btn app-btn--primary app-btn--block" href={external} target="_blank" rel="noopener noreferrer">
            在线咨询
          </a>
        ) : (
          brand.openCustomer && (
            <Link className="app-btn app-btn--primary app-btn--block" to="/chat">
              在线咨询
              {unread > 0 && <span className={styles.unread}>{unread} 条新回复</span>}
            </Link>
          )
        )}
        {!channels.length && <p className={styles.muted}>暂无可用的客服联系方式，请稍后再试</p>}

        <ul className={styles.contacts}>
          {brand.hotline && (
            <li>
              <span className={styles.label}>客服热线</span>
              <a href={`tel:${brand.hotline.replace(/[^\d+]/g, '')}`} className={styles.value}>
                {brand.hotline}
              </a>
            </li>
          )}
          {brand.hotline && brand.serviceHours && (
            <li>
              <span className={styles.label}>服务时间</span>
              <span className={styles.plain}>{brand.serviceHours}</span>
            </li>
          )}
          {brand.email && (
            <li>
              <span className={styles.label}>客服邮箱</span>
              <a href={`mailto:${brand.email}`} className={styles.value}>
                {brand.email}
              </a>
            </li>
          )}
          {brand.company && (
            <li>
              <span className={styles.label}>服务商</span>
              <span className={styles.plain}>{brand.company}</span>
            </li>
          )}
        </ul>
      </section>

      {(brand.officialAccountQrcode || brand.guideQrcode) && (
        <section className={styles.panel}>
          <h2 className={styles.heading}>扫码获取更多服务</h2>
          <div className={styles.qrs}>
            {brand.officialAccountQrcode && (
              <figure className={styles.qr}>
                <img src={brand.officialAccountQrcode} alt="官方公众号二维码" width={120} height={120} loading="lazy" />
                <figcaption>关注官方公众号</figcaption>
              </figure>
            )}
            {brand.guideQrcode && (
              <figure className={styles.qr}>
                <img src={brand.guideQrcode} alt="使用指引二维码" width={120} height={120} loading="lazy" />
                <figcaption>使用指引</figcaption>
              </figure>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

export default withQuery(CustomerPage);
