// TanStack Query for the lazy pages only: the app shell and /login stay without it (first-load
// budget). Each page module wraps itself with withQuery; they all share this one client.
import { IsRestoringProvider, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType } from 'react';
import { useShown } from './keepAlive';
import { keepPageSnapshots } from './pageSnapshot';
import { local } from './storage';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already toasts and redirects per docs/spec/portal-spec.md §8; a retry would repeat that.
    // networkMode 'always': a request made offline fails at once, so the page shows 网络连接失败 with
    // 重试. The default ('online') pauses it instead, and a query paused while the phone was offline
    // (a device page's live status) could keep the next page on a spinner after the network came back.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

// A login or a logout makes every cached answer someone else's. A rotated token (New-Token)
// is the same session and keeps the cache.
let sessionToken = local.get('token');
local.subscribe(() => {
  const token = local.get('token');
  if (Boolean(token) !== Boolean(sessionToken)) queryClient.clear();
  sessionToken = token;
});

// A returning holder's next cold visit paints what this visit last showed (./pageSnapshot.ts).
if (typeof document !== 'undefined') keepPageSnapshots(queryClient);

/**
 * The client of one rendering on the server (the first screen in the HTML, src/firstScreen): its
 * own, never the app's — one holder's answers must not reach another's page.
 */
export const RenderingClient = createContext<QueryClient | undefined>(undefined);

/**
 * A page's queries, on the app's one client. A kept page hidden by ./keepAlive.tsx stops listening
 * to them: TanStack's "restoring" state is the one switch that holds every query of a subtree — no
 * subscription, no fetch on render — and when the page shows again each query subscribes afresh and
 * fetches what went stale meanwhile, as a query mounted again does (what React's <Activity> gave:
 * docs/decisions/0079-the-h5-renders-with-preact.md).
 */
export function withQuery<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithQuery(props: P) {
    const shown = useShown();
    const client = useContext(RenderingClient) ?? queryClient;
    return (
      <QueryClientProvider client={client}>
        <IsRestoringProvider value={!shown}>
          <Page {...props} />
        </IsRestoringProvider>
      </QueryClientProvider>
    );
  }
  WithQuery.displayName = `withQuery(${Page.displayName ?? Page.name})`;
  return WithQuery;
}
