// What pages use of the messaging app's JS-SDK (docs/decisions/0049-wechat-js-sdk.md). Outside WeChat
// nothing is loaded: the SDK's module (./runtime/sdk.ts) is imported only inside WeChat's browser, so
// /login and every other browser's pages carry none of it.
import { useEffect, useState } from 'react';
import { inWeChat, type ShareCard } from './model/jsSdk';

/**
 * Sets the share card of this page inside WeChat (a chat and Moments); does nothing elsewhere.
 * True once WeChat took the card (the page may then say how to share).
 */
export function useWechatShareCard(card: ShareCard | null): boolean {
  const key = card ? JSON.stringify(card) : '';
  const [set, setSet] = useState('');
  useEffect(() => {
    if (!key || !inWeChat(navigator.userAgent)) return;
    let live = true;
    const c = JSON.parse(key) as ShareCard;
    void import('./runtime/sdk')
      .then((m) => m.setShareCard(c))
      .then((ok) => live && ok && setSet(key))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return key !== '' && set === key;
}

/**
 * wx.config for `jsApiList` on this page inside WeChat; resolves true once WeChat accepted it, false
 * outside WeChat or when it did not (the caller then calls WeChat's bridge bare, as before).
 */
export async function prepareWechatJsApi(jsApiList: readonly string[]): Promise<boolean> {
  if (!inWeChat(navigator.userAgent)) return false;
  try {
    const m = await import('./runtime/sdk');
    return (await m.configure(jsApiList)) !== null;
  } catch {
    return false;
  }
}
