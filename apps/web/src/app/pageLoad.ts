// Loading a page's code (a lazy chunk) when the network or the release moved under the user
// (docs/decisions/0011). A failed import is either the network (offline, server gone: say so, offer
// 重试) or code that is not there any more (a new release replaced the chunks: reload once, by
// itself). Which one it was, the document's own URL tells: if it answers, a reload will work.

/** Chromium, Firefox and Safari word a failed dynamic import differently; Vite's preload helper
 *  adds its own for a page's CSS. */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i;

export function isChunkLoadError(err: unknown): boolean {
  return err instanceof Error && CHUNK_ERROR.test(err.message);
}

/** sessionStorage key: when the app last reloaded itself to pick up a new release. */
export const RELOAD_KEY = 'sim_codeReloadAt';
/** A reload that fails the same way within this window is not tried again (no reload loop). */
export const RELOAD_WINDOW_MS = 60_000;

/** Whether the app may reload itself now, given when it last did (ms, or undefined). */
export function mayReload(lastReloadAt: number | undefined, now: number): boolean {
  return lastReloadAt === undefined || !Number.isFinite(lastReloadAt) || now - lastReloadAt > RELOAD_WINDOW_MS;
}

export interface PageLoadEnv {
  online(): boolean;
  /** does the document's own URL answer? (then a reload brings fresh code) */
  serverAnswers(): Promise<boolean>;
  lastReloadAt(): number | undefined;
  reload(): void;
  now(): number;
}

const browserEnv: PageLoadEnv = {
  online: () => navigator.onLine !== false,
  serverAnswers: () =>
    fetch(window.location.href, { method: 'HEAD', cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  lastReloadAt: () => {
    try {
      const raw = sessionStorage.getItem(RELOAD_KEY);
      return raw === null ? undefined : Number(raw);
    } catch {
      return undefined;
    }
  },
  reload: () => {
    try {
      sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    } catch {
      // private mode without storage: the reload still happens, the loop guard is the window
    }
    window.location.reload();
  },
  now: () => Date.now(),
};

/**
 * Imports a page's code. When that fails while the server answers, the code itself is gone (a
 * new release) or the browser kept the failed fetch (Chromium caches a failed dynamic import of
 * the same URL): a full reload fetches everything afresh. It happens by itself once per
 * RELOAD_WINDOW_MS, and always when the user asked (`userRetry`). Otherwise the error goes to the
 * page's error boundary, which says what happened and offers 重试.
 */
export async function loadPage<T>(load: () => Promise<T>, userRetry: boolean, env: PageLoadEnv = browserEnv): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (!isChunkLoadError(err) || !env.online()) throw err;
    if (!userRetry && !mayReload(env.lastReloadAt(), env.now())) throw err;
    if (!(await env.serverAnswers())) throw err;
    env.reload();
    // The page is going away: keep showing the spinner until it does.
    return new Promise<T>(() => {});
  }
}

/** Vite's preload helper leaves a failed stylesheet <link> in place and skips it next time, so a
 *  retried page would render unstyled: drop the link, then let the import fail as usual. */
export function forgetFailedStylesheet(err: unknown, doc: Document = document): void {
  const url = err instanceof Error ? /Unable to preload CSS for (\S+)/.exec(err.message)?.[1] : undefined;
  if (!url) return;
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) if (link.href === url) link.remove();
}
