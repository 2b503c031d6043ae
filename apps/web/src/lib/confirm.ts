// The confirm dialog (./ui.ts) without antd-mobile in a page's first load: a page asks only after a
// tap, and antd-mobile's code comes then (fetched at the first touch already: app/AppShell.tsx), so a
// cold visit loads a few files less (docs/decisions/0063-every-page-as-light-as-login.md). Offline,
// the promise fails with the chunk's load error: main.tsx tells the user (网络异常).
import type { ConfirmOptions } from './ui';

export type { ConfirmOptions };

/** The spec's confirm dialog (./ui.ts confirm): true on the confirm button, false on cancel. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return import('./ui').then((m) => m.confirm(options));
}
