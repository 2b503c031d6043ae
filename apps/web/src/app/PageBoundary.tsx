// What a page shows when its code (or its rendering) fails instead of a white screen (docs/decisions/0011,
// snag 2): what happened and a 重试 that loads it again (./retryableLazy.ts: a fresh import).
import { Component, Suspense, type ReactNode } from 'react';
import { PageLoading } from '../components/PageLoading';
import { LoadFailed } from '../components/StateFrame';
import { NETWORK_FAILED } from '../lib/networkFailed';
import { isChunkLoadError } from './pageLoad';
import { retryFailedLoads } from './retryableLazy';

export interface PageBoundaryProps {
  children: ReactNode;
  /** rendered instead of the failure block (a part of the shell that may stay away quietly) */
  quiet?: boolean;
  /** a change (the next page) tries a failed part again; keeps the children mounted otherwise */
  resetKey?: string;
}

interface State {
  error: unknown;
  failed: boolean;
}

export function failureText(error: unknown, online: boolean): string {
  if (!isChunkLoadError(error)) return '页面出错了，请重试';
  return online ? '页面加载失败，请检查网络后重试' : NETWORK_FAILED;
}

export class PageBoundary extends Component<PageBoundaryProps, State> {
  // set in the constructor, not as a class field: the build's target (es2020) would add helpers to
  // the first load for one field
  constructor(props: PageBoundaryProps) {
    super(props);
    this.state = { error: undefined, failed: false };
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  // An error caught here (a page that failed to render or to load) is reported as if uncaught, to
  // the error reporter's listener (docs/decisions/0037-errors-from-phones.md), and the console shows
  // it: React's root did both (onCaughtError) before the H5 moved to Preact (docs/decisions/0079).
  // window's property: a browser without reportError (before 2022) only logs it.
  componentDidCatch(error: unknown) {
    if (window.reportError) window.reportError(error);
    else console.error(error);
  }

  componentDidUpdate(prev: PageBoundaryProps) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.retry();
  }

  retry() {
    retryFailedLoads();
    this.setState({ error: undefined, failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.quiet) return null;
    return <LoadFailed text={failureText(this.state.error, navigator.onLine !== false)} onRetry={() => this.retry()} />;
  }
}

/** A page whose code loads on demand: the loading block while it comes, the failure and 重试 if it does not. */
export function LoadingPage({ resetKey, children }: { resetKey?: string; children: ReactNode }) {
  return (
    <PageBoundary resetKey={resetKey}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageBoundary>
  );
}
