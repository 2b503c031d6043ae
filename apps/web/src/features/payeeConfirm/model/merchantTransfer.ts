// WeChat's JSAPI for the payee's confirmation of a merchant transfer (JSAPI调起用户确认收款;
// docs/decisions/0039-payee-confirms-transfer.md): WeixinJSBridge.invoke('requestMerchantTransfer',
// { mchId, appId, package }, cb), which exists only inside WeChat's own browser. Its answer says
// whether WeChat's page was shown and left, never that the money arrived: the server asks.

/** WeChat's in-app browser (the only place the bridge exists). */
export const inWeChat = (userAgent: string) => /MicroMessenger/i.test(userAgent);

export type BridgeOutcome = 'ok' | 'cancel' | 'fail';

/** requestMerchantTransfer:ok / :cancel / :fail … (err_msg, or errMsg on some clients) */
export function outcomeOfErrMsg(errMsg: string | undefined): BridgeOutcome {
  const m = /^requestMerchantTransfer:(\w+)/.exec(errMsg ?? '');
  if (m?.[1] === 'ok') return 'ok';
  if (m?.[1] === 'cancel') return 'cancel';
  return 'fail';
}

/** What WeChat said after ':fail', for the payee (e.g. 你的微信号与商家指定的微信号不一致). */
export function failureDetail(errMsg: string | undefined): string {
  return (errMsg ?? '').replace(/^requestMerchantTransfer:fail\s*/, '').trim();
}

export interface Bridge {
  invoke(name: string, params: Record<string, string>, cb: (res: { err_msg?: string; errMsg?: string }) => void): void;
}

export type Win = Window & { WeixinJSBridge?: Bridge };

/** The bridge, once WeChat has injected it (it may come after the page's script: WeixinJSBridgeReady). */
function bridgeOf(win: Win, waitMs: number): Promise<Bridge | null> {
  if (win.WeixinJSBridge) return Promise.resolve(win.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      win.document.removeEventListener('WeixinJSBridgeReady', done);
      resolve(win.WeixinJSBridge ?? null);
    };
    const timer = setTimeout(done, waitMs);
    win.document.addEventListener('WeixinJSBridgeReady', done);
  });
}

/** Opens WeChat's confirmation page for the transfer; resolves with how the payee left it. */
export async function requestMerchantTransfer(
  params: { mchId: string; appId: string; package: string },
  win: Win = window,
): Promise<{ outcome: BridgeOutcome; detail: string }> {
  const bridge = await bridgeOf(win, 3_000);
  if (!bridge) return { outcome: 'fail', detail: '未检测到微信环境，请在微信中打开本页面' };
  return new Promise((resolve) =>
    bridge.invoke('requestMerchantTransfer', { mchId: params.mchId, appId: params.appId, package: params.package }, (res) => {
      const msg = res?.err_msg ?? res?.errMsg;
      const outcome = outcomeOfErrMsg(msg);
      resolve({ outcome, detail: outcome === 'fail' ? failureDetail(msg) : '' });
    }),
  );
}
