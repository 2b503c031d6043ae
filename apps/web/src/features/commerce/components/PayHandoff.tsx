// The e-wallet hand-off (/alipay, /ls_pay). E-wallet web payment does not work inside a
// messaging app's browser, so there the page explains how to open it in a real browser and
// offers its address to copy; anywhere else it goes straight on to the order's cashier.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoading } from '../../../components/PageLoading';
import { StateBlock } from '../../../components/StateBlock';
import { local } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import styles from '../commerce.module.css';
import ownStyles from './PayHandoff.module.css';
import { safeCashierUrl } from '../model/handoff';
import { recall } from '../model/sessionKeys';

export const OPEN_IN_BROWSER_GUIDE = '请点击右上角「…」，选择「在浏览器中打开」完成支付';

/** A same-site path to come back to ("/combo_detail?package_id=1"), never another site. */
function samePath(v: string | null): string | null {
  return v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\') ? v : null;
}

export function PayHandoff({ title }: { title: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('order_no') ?? '';
  const back = samePath(params.get('back'));
  const inApp = local.get('inMessagingApp') === true;
  const cashier = orderNo ? safeCashierUrl(recall('payUrls', orderNo)) : null;
  const target = cashier ?? back;

  useEffect(() => {
    if (inApp) return;
    if (cashier) window.location.replace(cashier);
    else if (back) navigate(back, { replace: true });
  }, [inApp, cashier, back, navigate]);

  // On the way to the cashier: if the browser stays here (a slow or lost network), the way on
  // and the way out are there to tap, never a bare spinner.
  if (!inApp && target) {
    return (
      <div className={styles.page}>
        <PageHeader title={title} fallback={orderNo ? `/order?order_no=${encodeURIComponent(orderNo)}` : '/'} />
        <PageLoading label="正在前往收银台" />
        <p className={styles.resultText} style={{ textAlign: 'center' }}>
          正在前往收银台…如未自动打开，请点击下方按钮。
        </p>
        <div className={styles.actions}>
          {cashier ? (
            <a className="app-btn app-btn--primary app-btn--block" href={cashier}>
              前往收银台
            </a>
          ) : null}
          <Link
            className="app-btn app-btn--ghost app-btn--block"
            to={orderNo ? `/order?order_no=${encodeURIComponent(orderNo)}` : '/order'}
            replace
          >
            查看订单
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={orderNo ? `/order?order_no=${encodeURIComponent(orderNo)}` : '/'} />
      {inApp ? (
        <OpenInBrowserGuide url={back ? window.location.origin + back : window.location.href} />
      ) : (
        <StateBlock
          kind="empty"
          text="未找到该订单的支付信息，请在订单中继续支付或重新下单"
          action={
            <Link className="app-btn app-btn--ghost" to={orderNo ? `/order?order_no=${encodeURIComponent(orderNo)}` : '/order'} replace>
              查看订单
            </Link>
          }
        />
      )}
    </div>
  );
}

function OpenInBrowserGuide({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast('复制成功');
    } catch {
      toast('当前浏览器不支持复制，请长按链接手动复制');
    }
  };
  return (
    <section className={ownStyles.guide} data-testid="open-in-browser">
      <svg className={ownStyles.guideArrow} viewBox="0 0 80 80" aria-hidden="true">
        <path d="M10 70 C 30 40, 50 25, 70 12" fill="none" stroke="#127eff" strokeWidth="4" strokeLinecap="round" strokeDasharray="6 8" />
        <path d="M56 10 L72 10 L66 25" fill="none" stroke="#127eff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 className={ownStyles.guideTitle}>请在浏览器中完成支付</h2>
      <p className={ownStyles.guideText}>{OPEN_IN_BROWSER_GUIDE}</p>
      <ol className={ownStyles.guideSteps}>
        <li>点击右上角「…」按钮</li>
        <li>选择「在浏览器中打开」</li>
        <li>在浏览器中登录后继续支付</li>
      </ol>
      <p className={styles.reason}>也可以复制下面的链接，粘贴到浏览器中打开：</p>
      <p className={ownStyles.urlBox} data-testid="page-url">
        {url}
      </p>
      <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={copy}>
        {copied ? '已复制' : '复制链接'}
      </button>
    </section>
  );
}
