// /member_invite — 邀请好友: the user's own invite link (registration with their code and the
// brand's mark) as a QR code and as text with 复制链接, a poster to save or send (生成邀请海报), the
// reward, and the invitations so far. Inside WeChat the page's share card is the invitation
// (docs/decisions/0049-wechat-js-sdk.md): the brand, the code and the holder's link.
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { QrCode } from '../../components/QrCode';
import { LoadFailed } from '../../components/StateBlock';
import { useInviteMine } from '../../features/invites/api/invites';
import { InvitePoster } from '../../features/invites/components/InvitePoster';
import { useBrand } from '../../features/branding/model/brandingStore';
import { AccountOnly } from '../../features/membership/components/AccountOnly';
import { inviteLink, popularizeLink } from '../../features/invites/model/links';
import { inviteShareCard } from '../../features/wechatJsSdk/model/jsSdk';
import { useWechatShareCard } from '../../features/wechatJsSdk/wechatShare';
import styles from '../../features/membership/membership.module.css';
import { copyText } from '../../lib/clipboard';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import { toast } from '../../lib/toast';

function MemberInvitePage() {
  const cardLogin = useStored('cardLogin') ?? false;
  const mine = useInviteMine(!cardLogin);
  const brand = useBrand();
  const d = mine.data;
  const link = d ? inviteLink(window.location.origin, d.mark, d.code) : '';
  const shareCardSet = useWechatShareCard(
    d ? inviteShareCard({ appName: brand.appName, code: d.code, link, logo: brand.logo, origin: window.location.origin }) : null,
  );

  async function copy(text: string) {
    toast((await copyText(text)) ? '链接已复制，快去分享给好友吧' : '复制失败，请长按链接选择后复制');
  }

  return (
    <div className={styles.page}>
      <PageHeader title="邀请好友" fallback="/member" />
      {cardLogin ? (
        <AccountOnly redirect="/member_invite" />
      ) : mine.isPending ? (
        <PageLoading />
      ) : mine.isError ? (
        <LoadFailed text="邀请信息加载失败" onRetry={() => mine.refetch()} />
      ) : (
        <>
          <section className={`${styles.hero} ${styles.heroInvite}`}>
            <p className={styles.heroTitle}>邀请好友，一起省流量费</p>
            <p className={styles.heroText}>
              {d!.enabled && d!.reward_growth > 0
                ? `好友通过您的链接注册并首次购买套餐，退款期（7天）过后您可获得 ${d!.reward_growth} 成长值`
                : '好友通过您的链接注册，即可成为您邀请的好友'}
            </p>
          </section>
          <Panel title="我的邀请码">
            <div className={styles.share}>
              <span className={styles.code} data-testid="invite-code">
                {d!.code}
              </span>
              <QrCode text={link} label="邀请注册二维码" caption="好友用手机扫码即可注册" />
              <p className={styles.url} data-testid="invite-link">
                {link}
              </p>
              {shareCardSet && (
                <p className={styles.sub} data-testid="wechat-share-hint">
                  点击右上角「···」，可将邀请发送给朋友或分享到朋友圈
                </p>
              )}
              <InvitePoster
                appName={brand.appName}
                logo={brand.logo}
                code={d!.code}
                rewardGrowth={d!.enabled ? d!.reward_growth : 0}
                link={link}
              />
              <button type="button" className="app-btn app-btn--ghost app-btn--block" onClick={() => void copy(link)}>
                复制链接
              </button>
              <button
                type="button"
                className="app-btn app-btn--ghost app-btn--block"
                onClick={() => void copy(popularizeLink(window.location.origin, d!.mark, d!.code))}
              >
                复制推广页链接
              </button>
            </div>
          </Panel>
          <Panel
            title="邀请成果"
            extra={
              <Link to="/member_invite-records" className={styles.sub}>
                查看邀请记录 ›
              </Link>
            }
          >
            <div className={styles.stats}>
              <p>
                <strong data-testid="invited">{d!.invited}</strong>
                <span className={styles.sub}>已邀请</span>
              </p>
              <p>
                <strong>{d!.rewarded}</strong>
                <span className={styles.sub}>已获奖励</span>
              </p>
            </div>
          </Panel>
        </>
      )}
    </div>
  );
}

export default withQuery(MemberInvitePage);
