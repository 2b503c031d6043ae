import { describe, expect, it } from 'vitest';
import { failureDetail, inWeChat, outcomeOfErrMsg, requestMerchantTransfer } from './merchantTransfer';

describe('requestMerchantTransfer in our words', () => {
  it.each([
    ['requestMerchantTransfer:ok', 'ok'],
    ['requestMerchantTransfer:cancel', 'cancel'],
    ['requestMerchantTransfer:fail 你的微信号与商家指定的微信号不一致', 'fail'],
    ['system:access_denied', 'fail'],
    [undefined, 'fail'],
  ] as const)('%s is %s', (msg, outcome) => expect(outcomeOfErrMsg(msg)).toBe(outcome));

  it('keeps what WeChat told the payee', () => {
    expect(failureDetail('requestMerchantTransfer:fail 你的微信号与商家指定的微信号不一致')).toBe('你的微信号与商家指定的微信号不一致');
  });

  it('knows WeChat by its user agent', () => {
    expect(inWeChat('Mozilla/5.0 (Linux; Android 13) MicroMessenger/8.0.47.2560 NetType/WIFI')).toBe(true);
    expect(inWeChat('Mozilla/5.0 (Linux; Android 13) Chrome/126 Mobile Safari/537.36')).toBe(false);
  });

  it('calls the bridge with the server’s parameters, and waits for a bridge WeChat injects later', async () => {
    const calls: unknown[] = [];
    const doc = new EventTarget();
    const win = { document: doc } as unknown as Parameters<typeof requestMerchantTransfer>[1] & object;
    const pending = requestMerchantTransfer({ mchId: '1900009191', appId: 'wxd678efh567hg6787', package: 'PKG==' }, win);
    win.WeixinJSBridge = {
      invoke: (name: string, params: unknown, cb: (r: { err_msg: string }) => void) => {
        calls.push([name, params]);
        cb({ err_msg: 'requestMerchantTransfer:cancel' });
      },
    };
    doc.dispatchEvent(new Event('WeixinJSBridgeReady'));
    expect(await pending).toEqual({ outcome: 'cancel', detail: '' });
    expect(calls).toEqual([['requestMerchantTransfer', { mchId: '1900009191', appId: 'wxd678efh567hg6787', package: 'PKG==' }]]);
  });
});
