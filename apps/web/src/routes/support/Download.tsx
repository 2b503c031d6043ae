// /download — the agent's app: the link for the phone's system (iOS / Android) and, when the agent
// configures both, the other system's beside it (docs/decisions/0044-holder-account.md); a note inside a
// messaging app's browser (it blocks downloads: open the page in the system browser, or copy the
// link), and a plain state when the agent has no app. Open without login.
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import { copyLink } from '../../features/download/model/copyLink';
import { useBrand } from '../../features/branding/model/brandingStore';
import { downloadPlan } from '../../features/download/model/platform';
import styles from './Support.module.css';

export default function DownloadPage() {
  const brand = useBrand();
  const plan = downloadPlan(navigator.userAgent, brand.appDownloadUrl, brand.iosDownloadUrl);
  const pageUrl = window.location.href;

  return (
    <div className={styles.page}>
      <PageHeader title="下载APP" />
      <div className={styles.app}>
        {brand.logo ? (
          <img className={styles.appIcon} src={brand.logo} alt="" />
        ) : (
          // the public branding carries no logo (only a card's agent branding does): a phone glyph
          <span className={styles.appIcon} aria-hidden="true">
            <svg viewBox="0 0 24 24">
              <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
              <path d="M10.5 18.5h3M12 7v6M9.5 10.5 12 13l2.5-2.5" />
            </svg>
          </span>
        )}
        <p className={styles.appName}>{brand.appName}</p>
        <p className={styles.muted}>查流量、充值、订购套餐，随时随地办理</p>
      </div>
      {!plan.url && !plan.other ? (
        <StateBlock
          kind="empty"
          text="暂未提供APP下载，您可以直接在本网页中办理全部业务"
          action={
            <Link className="app-btn app-btn--primary" to="/">
              返回首页
            </Link>
          }
        />
      ) : plan.inApp ? (
        <>
          {/* points at the messaging app's ··· menu, top right */}
          <svg className={styles.pointer} viewBox="0 0 56 56" aria-hidden="true">
            <path d="M8 50 C 14 26, 28 14, 46 10 M36 6 L47 10 L40 19" />
          </svg>
          <div className={styles.notice} role="note" aria-label="请在浏览器中打开">
            <p className={styles.noticeTitle}>{plan.inApp}内无法直接下载</p>
            <p>请点击右上角「···」，选择「在浏览器打开」，再点击下载；或复制下方链接，粘贴到手机自带浏览器中打开。</p>
            <p className={styles.urlLine}>{pageUrl}</p>
          </div>
          <div className={styles.actions}>
            <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => void copyLink(pageUrl)}>
              复制链接
            </button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          {plan.url ? (
            <>
              <a className="app-btn app-btn--primary app-btn--block" href={plan.url} rel="noopener noreferrer">
                {plan.action}
              </a>
              <p className={styles.muted}>{plan.hint}</p>
            </>
          ) : (
            <p className={styles.muted}>暂未提供适用于本机系统的APP，可在本网页中办理全部业务</p>
          )}
          {plan.other && (
            <a className="app-btn app-btn--ghost app-btn--block" href={plan.other.url} rel="noopener noreferrer">
              {plan.other.action.startsWith('下载') ? plan.other.action : `iPhone 版：${plan.other.action}`}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
