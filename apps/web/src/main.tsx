import type { Branding } from '@portal/contract';
import { DEFAULT_AGENT_MARK } from '@portal/contract/login';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { rememberLanding } from './app/boot';
import { forgetFailedStylesheet, isChunkLoadError } from './app/pageLoad';
import { loadRouteTable, pageOf } from './app/router';
import { preloadAppShell } from './app/Shell';
import { LOGIN_ROUTE } from './config/routeRules';
import { brandingStore } from './features/branding/model/brandingStore';
import { keepFirstScreenCookie } from './lib/firstScreenCookie';
import { NETWORK_FAILED } from './lib/networkFailed';
import { revealLivePage, SNAPSHOT_HOLD_MS, SNAPSHOT_ELEMENT_ID } from './lib/snapshotPaint';
import { local } from './lib/storage';
import { toast } from './lib/toast';
import './styles/base.css';

rememberLanding(new URL(window.location.href), navigator.userAgent, local);
// the next visit's HTML carries the holder's first screen (lib/firstScreenCookie.ts)
keepFirstScreenCookie();

// A page's stylesheet that failed to load must be fetched again on 重试 (see forgetFailedStylesheet).
window.addEventListener('vite:preloadError', (e) => forgetFailedStylesheet((e as Event & { payload?: unknown }).payload));
// Code loaded on a tap (a dialog, a prompt) that fails offline: say so instead of doing nothing.
window.addEventListener('unhandledrejection', (e) => {
  if (isChunkLoadError(e.reason)) toast(NETWORK_FAILED);
});

declare global {
  interface Window {
    /** set by index.html's inline script on the way to /login (apps/web/build/firstPaint.ts) */
    __portalLogin?: { mark: string; files: string[]; branding: Promise<{ code?: number; data?: Branding } | undefined> };
  }
}

// The branding request index.html started for /login: the app takes it over instead of asking again.
const early = window.__portalLogin;
if (early && early.mark === (local.get('mark') ?? DEFAULT_AGENT_MARK)) {
  brandingStore.adopt(
    early.mark,
    early.branding.then((e) => (e?.code === 0 && e.data ? e.data : Promise.reject(new Error('no branding')))),
  );
}

const root = document.getElementById('root')!;
// /login's markup came with the HTML, painted before any script (build/prerender.ts); the inline
// script of build/firstPaint.ts hid it when this visit is not going to /login. Shown, it stays
// until the login page's code is here: the first render then replaces it with the live page in one
// go — no spinner in between, no flash, no shift.
const prerendered = root.querySelector('[data-prerendered]');
// Any other visit waits for the full shell and the route table (app/Shell.tsx; index.html preloaded
// them beside the entry): the shell decides on the path at its first render, no spinner frame first.
const waitFor =
  prerendered && prerendered.getClientRects().length > 0
    ? pageOf(LOGIN_ROUTE).preload()
    : Promise.all([preloadAppShell(), loadRouteTable()]);
// Code that fails to load (offline) still starts the app: the page's boundary (or the shell's)
// says so, with 重试.
// The H5 renders with Preact (docs/decisions/0079-the-h5-renders-with-preact.md), which renders into
// a container by reusing the nodes it finds there: the prerendered markup (inert, read-only) is taken
// out first, in the same task as the synchronous first render, so nothing paints in between.
// A returning holder's page painted from what the phone stored (lib/snapshotPaint.ts) stays while
// the live page renders hidden in #root; it gives way once the page's reads have answered
// (lib/pageSnapshot.ts) or, whatever they do, after a moment: never longer than that.
const painted = document.getElementById(SNAPSHOT_ELEMENT_ID) !== null;
const start = () => {
  root.replaceChildren();
  createRoot(root).render(<App />);
  if (painted) setTimeout(revealLivePage, SNAPSHOT_HOLD_MS);
};
void Promise.resolve(waitFor).then(start, start);
