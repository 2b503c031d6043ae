// A tiny DOM toast (docs/spec/portal-spec.md §9: 2000 ms). Not antd-mobile's: the app shell and the login
// page use it, and they must stay small (the /login first-load budget).
export const TOAST_MS = 2000;

let el: HTMLDivElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

export function toast(text: string, ms: number = TOAST_MS): void {
  if (typeof document === 'undefined' || !text) return;
  if (!el) {
    el = document.createElement('div');
    el.className = 'app-toast';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    document.body.appendChild(el);
  }
  el.textContent = text;
  el.classList.add('app-toast--show');
  clearTimeout(timer);
  timer = setTimeout(() => el?.classList.remove('app-toast--show'), ms);
}
