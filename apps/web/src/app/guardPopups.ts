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

export async function showGuardPopup(popup: Popup, ctx: PopupContext): Promise<void> {
  const { confirm } = await import('../lib/ui');
  if (popup === 'login') {
    const go = await confirm({ title: '请先登录', content: '该功能需要使用手机号或账号登录后使用', confirmText: '去登录' });
    if (go) {
      // A card-number login is not a real user: it has to end before another login starts.
      if (local.get('cardLogin')) clearOnLogout();
      const q = new URLSearchParams({ login_model: 'mobile' });
      const redirect = safeRedirect(ctx.target);
      if (redirect) q.set('redirect', redirect);
      ctx.navigate(`/login?${q}`);
    }
    return;
  }
  const go = await confirm({ title: '请下载APP', content: '该功能需在APP中使用，请下载APP后继续', confirmText: '去下载' });
  if (go && ctx.appDownloadUrl) window.location.assign(ctx.appDownloadUrl);
}
