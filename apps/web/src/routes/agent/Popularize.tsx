// /popularize — the agent's promotion page (open without login): the brand (logo, name, company,
// hotline), its featured packages by series and devices (when its shop is open), who shared the page, a way to register that keeps
// the sharer's invite code, and the page's own link and QR code to pass on. A logged-in user
// shares with their own code; a visitor passes on the code the page came with.
import { Link, useLocation } from '../../lib/router';
import { DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { QrCode } from '../../components/QrCode';
import { LoadFailed } from '../../components/StateBlock';
import { markFromQuery } from '../../features/branding/model/mark';
import { useInviteMine, usePopularize } from '../../features/invites/api/invites';
import { useShopProducts } from '../../features/shop/api/shop';
import { inviteFromQuery, popularizeLink } from '../../features/invites/model/links';
import styles from '../../features/membership/membership.module.css';
import { copyText } from '../../lib/clipboard';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';

const flowText = (mb: number) => (mb >= 1024 ? `${Math.round(mb / 1024)}GB` : `${mb}MB`);

function SharerCode({ mark, fallback, children }: { mark: string; fallback: string; children(code: string): React.ReactNode }) {
  const mine = useInviteMine();
  // a user of another brand shares this brand's page without their code (it would not count)
  return <>{children(mine.data && mine.data.mark === mark ? mine.data.code : fallback)}</>;
}

/** The brand's devices on sale (up to three in stock), each leading to its shop; nothing while the shop is closed. */
function FeaturedDevices({ mark }: { mark: string }) {
  const shop = useShopProducts(mark);
  const devices = (shop.data?.open ? shop.data.list : []).filter((d) => d.stock > 0).slice(0, 3);
  if (devices.length === 0) return null;
  return (
    <Panel title="热门设备">
      <ul className={`${styles.list} ${styles.packages}`}>
        {devices.map((d) => (
          <li key={d.id} className={styles.package}>
            <img src={d.image} alt="" width={56} height={56} style={{ display: 'block', margin: '0 auto 6px', objectFit: 'contain' }} />
            <p className={styles.packageName}>{d.name}</p>
            <p className={styles.sub}>
              {d.carriers.join(' / ')} · {d.cards}
            </p>
            <p className={styles.price}>¥{d.price.toFixed(2)}</p>
          </li>
        ))}
      </ul>
      <Link className="app-btn app-btn--ghost app-btn--block" to={`/shopping?${new URLSearchParams({ mark }).toString()}`}>
        去设备商城看看
      </Link>
    </Panel>
  );
}

function PopularizePage() {
  const { search } = useLocation();
  const stored = useStored('mark');
  const mark = markFromQuery(search) ?? (stored || DEFAULT_AGENT_MARK);
  const invite = inviteFromQuery(search);
  const token = useStored('token');
  const cardLogin = useStored('cardLogin');
  const page = usePopularize(mark, invite);
  const p = page.data;

  async function copy(text: string) {
    toast((await copyText(text)) ? '链接已复制，快去分享吧' : '复制失败，请长按链接选择后复制');
  }

  const share = (code: string) => {
    const link = popularizeLink(window.location.origin, mark, code);
    return (
      <Panel title="分享给好友">
        <div className={styles.share}>
          <QrCode text={link} label="推广页二维码" caption={`扫码了解${p!.name}`} />
          <p className={styles.url} data-testid="share-link">
            {link}
          </p>
          <button type="button" className="app-btn app-btn--ghost app-btn--block" onClick={() => void copy(link)}>
            复制链接
          </button>
        </div>
      </Panel>
    );
  };

  return (
    <div className={styles.page}>
      <PageHeader title="推广" />
      {page.isPending ? (
        <PageLoading />
      ) : page.isError ? (
        <LoadFailed text="推广页加载失败" onRetry={() => page.refetch()} />
      ) : (
        <>
          <section className={`${styles.hero} ${styles.heroBrand}`} aria-label="品牌">
            <div className={styles.brandRow}>
              {p!.logo && <img className={styles.logo} src={p!.logo} alt={`${p!.name}标志`} />}
              <div>
                <h2 className={styles.heroTitle}>{p!.name}</h2>
                <p className={styles.heroText}>{p!.company}</p>
              </div>
            </div>
            <p className={styles.heroText}>流量卡、随身WiFi与5G CPE套餐，自助查询、充值、订购，随时随地</p>
            {p!.inviter && <p className={styles.invitedBy}>您的好友 {p!.inviter} 邀请您加入</p>}
          </section>

          <div className={styles.actions}>
            <Link
              className="app-btn app-btn--primary app-btn--block"
              to={`/bind_user?${new URLSearchParams(p!.invite_code ? { mark, invite: p!.invite_code } : { mark }).toString()}`}
            >
              {p!.member_enabled && p!.inviter ? '立即注册，领取会员权益' : '立即注册'}
            </Link>
            <Link className="app-btn app-btn--ghost app-btn--block" to="/login">
              已有账号，去登录
            </Link>
            {p!.hotline && <p className={styles.muted}>客服热线：{p!.hotline}</p>}
          </div>

          {p!.series.map((s) => (
            <Panel key={s.id} title={s.name}>
              {s.description && <p className={styles.muted}>{s.description}</p>}
              <ul className={`${styles.list} ${styles.packages}`} style={{ marginTop: 'calc(8 * var(--px))' }}>
                {s.packages.map((pkg) => (
                  <li key={pkg.id} className={styles.package}>
                    <p className={styles.packageName}>{pkg.name}</p>
                    <p className={styles.sub}>{flowText(pkg.flow_mb)} 全国通用</p>
                    <p className={styles.price}>
                      ¥{pkg.price.toFixed(2)}
                      {pkg.original_price > pkg.price && <span className={styles.original}>¥{pkg.original_price.toFixed(2)}</span>}
                    </p>
                  </li>
                ))}
              </ul>
            </Panel>
          ))}

          <FeaturedDevices mark={mark} />

          {token && !cardLogin ? (
            <SharerCode mark={mark} fallback={p!.invite_code}>
              {share}
            </SharerCode>
          ) : (
            share(p!.invite_code)
          )}
        </>
      )}
    </div>
  );
}

export default withQuery(PopularizePage);
