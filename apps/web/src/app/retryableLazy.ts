// React.lazy keeps a failed import for good: the page (or a piece of the shell) would stay broken
// after the network came back. A retryable lazy component starts a fresh import when asked to
// (retryFailedLoads: the error boundary's 重试), and that attempt counts as the user's retry.
// Not on any re-render: React renders a suspended page again when its import settles, and a new
// import then would never let the failure reach the boundary.
import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { loadPage } from './pageLoad';

const failedLoads = new Set<() => void>();

/** Every import that failed starts afresh on its next render. */
export function retryFailedLoads(): void {
  for (const restart of failedLoads) restart();
  failedLoads.clear();
}

export type RetryableComponent<P> = ComponentType<P> & {
  /** Fetches the code now. Once it is here, the component renders it at once — no Suspense
   *  fallback in between (main.tsx: /login replaces its prerendered markup in one commit). A
   *  failure is left to the render, which goes through loadPage and the error boundary as usual. */
  preload(): Promise<void>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function retryableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): RetryableComponent<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let loaded: C | undefined;
  const restart = () => {
    current = attempt(true);
  };
  const attempt = (userRetry: boolean) =>
    lazy(() =>
      loadPage(load, userRetry).then(
        (m) => {
          loaded ??= m.default;
          return m;
        },
        (err: unknown) => {
          failedLoads.add(restart);
          throw err;
        },
      ),
    );
  let current = attempt(false);
  function Retryable(props: P) {
    // Chosen once per mounted element: switching from the lazy wrapper to the loaded component
    // later would remount the page and lose its state.
    const [ready] = useState(() => loaded);
    return createElement((ready ?? current) as ComponentType<P>, props);
  }
  Retryable.preload = () =>
    load().then(
      (m) => {
        loaded ??= m.default;
      },
      () => undefined,
    );
  return Retryable;
}
