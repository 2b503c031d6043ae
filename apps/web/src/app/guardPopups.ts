// The wifi-device guard's popups (docs/spec/portal-spec.md §4). antd-mobile is loaded only when one shows.
import { safeRedirect } from '../lib/navigation';
import { clearOnLogout } from '../lib/session';
import { local } from '../lib/storage';
import type { Popup } from './guards';

export interface PopupContext {
  /** where the user was going, for the login redirect */
  target: string;
  appDownloadUrl: string;
  navigate(to: string): void;
}

function goLogin(ctx: PopupContext): void {
  // A card-number login is not a real user: it has to end before another login starts.
  if (local.get('cardLogin')) clearOnLogout();
  const q = new URLSearchParams({ login_model: 'mobile' });
  const redirect = safeRedirect(ctx.target);
  if (redirect) q.set('redirect', redirect);
  ctx.navigate(`/login?${q}`);
}

export async function showGuardPopup(popup: Popup, ctx: PopupContext): Promise<void> {
  const { confirm, Dialog } = await import('../lib/ui');
  if (popup === 'login') {
    const go = await confirm({ title: '请先登录', content: '该功能需要使用手机号或账号登录后使用', confirmText: '去登录' });
    if (go) goLogin(ctx);
    return;
  }
  // Logged in, but the device pages do not apply (spec §4's download-app popup): say why and offer
  // each way on — a card-number login can log in with a mobile or an account, a user without a
  // card binds one, and the app where the agent has one.
  const cardLogin = Boolean(local.get('cardLogin'));
  const actions = [
    cardLogin ? { key: 'login', text: '去登录', bold: true } : { key: 'bind', text: '去绑卡', bold: true },
    ...(ctx.appDownloadUrl ? [{ key: 'app', text: '下载APP' }] : []),
    { key: 'cancel', text: '取消' },
  ];
  const chosen = await new Promise<string>((resolve) => {
    let key = 'cancel';
    Dialog.show({
      title: cardLogin ? '请用手机号或账号登录' : '请先绑定卡号',
      content: cardLogin
        ? `卡号登录不能管理设备。请用手机号或账号登录后使用设备功能${ctx.appDownloadUrl ? '，也可以下载APP使用' : ''}。`
        : '设备功能需要先绑定设备里的卡号，绑定后即可使用。',
      bodyClassName: 'app-dialog',
      closeOnAction: true,
      actions,
      onAction: (a) => {
        key = String(a.key);
      },
      afterClose: () => resolve(key),
    });
  });
  if (chosen === 'login') goLogin(ctx);
  else if (chosen === 'bind') ctx.navigate('/bind_card');
  else if (chosen === 'app' && ctx.appDownloadUrl) window.location.assign(ctx.appDownloadUrl);
}
