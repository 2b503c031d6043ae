// React.lazy keeps a failed import for good: the page (or a piece of the shell) would stay broken
// after the network came back. A retryable lazy component starts a fresh import when asked to
// (retryFailedLoads: the error boundary's 重试), and that attempt counts as the user's retry.
// Not on any re-render: React renders a suspended page again when its import settles, and a new
// import then would never let the failure reach the boundary.
import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';
import { loadPage } from './pageLoad';

const failedLoads = new Set<() => void>();

/** Every import that failed starts afresh on its next render. */
export function retryFailedLoads(): void {
  for (const restart of failedLoads) restart();
  failedLoads.clear();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function retryableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): ComponentType<ComponentProps<C>> {
  type P = ComponentProps<C>;
  const restart = () => {
    current = attempt(true);
  };
  const attempt = (userRetry: boolean) =>
    lazy(() =>
      loadPage(load, userRetry).catch((err: unknown) => {
        failedLoads.add(restart);
        throw err;
      }),
    );
  let current = attempt(false);
  return function Retryable(props: P) {
    return createElement(current as ComponentType<P>, props);
  };
}
