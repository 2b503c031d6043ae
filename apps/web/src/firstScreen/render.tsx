// A holder's first screen, rendered by the server into the HTML of a first visit: the page's own
// components with the answers of its reads, so it paints with the HTML instead of after its code,
// its reads and two renders (docs/decisions/0082-the-first-screen-in-the-html.md). Built for Node
// by build/firstScreen.ts (a Vite SSR build, the browser build's class names) and loaded by the
// server (apps/server/src/modules/firstScreen). Painted like a returning visit's snapshot: inert,
// in place of the live page until that page's own reads have answered.
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_AGENT_MARK } from '@portal/contract/login';
import { QueryClient, type DefaultedQueryObserverOptions, type Query } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { TabBar } from '../app/TabBar';
import { pageModule, routeOf } from '../config/routes';
import { SNAPSHOT_PAGES, snapshotOwner } from '../config/pageSnapshots';
import { fetchSession, sessionKey } from '../features/auth/api/session';
import { fetchBrandingOfCard } from '../features/branding/api/applicationInfo';
import { fetchBranding } from '../features/branding/api/customerUrl';
import { brandingOnServer, type BrandingState } from '../features/branding/model/brandingStore';
import { cardInfoKey, fetchCardInfo } from '../features/cards/api/cardInfo';
import { rememberCardInfo } from '../features/cards/model/currentCard';
import { answerReadsOnServer, type ServerRead } from '../lib/api';
import { RenderingClient } from '../lib/query';
import { StaticRouter } from '../lib/router';
import { createTypedStorage, LOCAL_CODECS, memoryStorage, storageOnServer, KEY_PREFIX } from '../lib/storage';
import { withFirstPictures, type PaintedMarkup } from './pictures';

const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>('../routes/*/*.tsx');

/** What one rendering knows: the holder's stored values and how its reads are answered. */
interface Rendering {
  storage: Storage;
  read: ServerRead;
  branding: BrandingState;
}

const current = new AsyncLocalStorage<Rendering>();
storageOnServer(() => current.getStore()?.storage);
brandingOnServer(() => current.getStore()?.branding);
answerReadsOnServer((pathAndQuery) => {
  const r = current.getStore();
  if (!r) return Promise.reject(new Error('a read outside a rendering'));
  return r.read(pathAndQuery);
});

/** Renders, then answers the reads the render asked for, until it asks no more (a read that needs
 *  another's answer asks one render later) — at most this many renders. */
const MAX_RENDERS = 3;

export interface FirstScreenInput {
  /** the page's path (one of SNAPSHOT_PAGES) and query */
  path: string;
  search: string;
  /** the holder's values as the app keeps them in local storage, by key without the prefix */
  stored: Record<string, string>;
  /** answers a GET under /api with the holder's session */
  read: ServerRead;
  /** the server no longer waits for this rendering (past its budget): it stops at its next render */
  signal?: AbortSignal;
}

/** The pages this renders (the snapshot pages: the holder's data, no form, no ID, no password). */
export const FIRST_SCREEN_PAGES = SNAPSHOT_PAGES;

/** A holder's first screen: the page's markup, the pictures to ask for at once (its first), and
 *  whose it is (the session and card, as the phone's head script names a snapshot's owner). */
export interface FirstScreen extends PaintedMarkup {
  owner: string;
}

/**
 * The first screen of `path` for this holder, or undefined when the page cannot be rendered here
 * (not a first-screen page, a read that failed: the live page says what went wrong and offers 重试).
 */
export async function renderFirstScreen(input: FirstScreenInput): Promise<FirstScreen | undefined> {
  const route = routeOf(input.path);
  const load = route && FIRST_SCREEN_PAGES.includes(route.path) ? PAGE_MODULES[`../${pageModule(route)}.tsx`] : undefined;
  if (!route || !load) return undefined;
  const Page = (await load()).default;
  const storage = memoryStorage();
  for (const [k, v] of Object.entries(input.stored)) storage.setItem(KEY_PREFIX + k, v);
  const rendering: Rendering = { storage, read: input.read, branding: {} };
  return current.run(rendering, async () => {
    // what the app has kept by the time it shows a page: its agent's branding, the current card's
    // info (the card gates' facts) — read afresh here, as the app would on its way
    const stored = createTypedStorage(storage, LOCAL_CODECS);
    const customNum = stored.get('customNum');
    // the app's own rule: no mark kept is the default agent's
    const mark = stored.get('mark') ?? DEFAULT_AGENT_MARK;
    const [session, base, full, info] = await Promise.all([
      fetchSession(),
      fetchBranding(mark).catch(() => undefined),
      customNum ? fetchBrandingOfCard(customNum).catch(() => undefined) : undefined,
      customNum ? fetchCardInfo(customNum) : undefined,
    ]);
    rendering.branding = { base, full, fullCard: full ? customNum : undefined };
    if (info) rememberCardInfo(info, stored);
    // what a login kept: its kind and the account's mobile (the session says both)
    stored.set('cardLogin', session.login_model === 'customNum');
    if (session.mobile) stored.set('mobile', session.mobile);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(sessionKey, session);
    if (info && customNum) client.setQueryData(cardInfoKey(customNum), info);
    const asked = askedReads(client);
    const tree = (
      <RenderingClient value={client}>
        <StaticRouter location={input.path + input.search}>
          <Page />
          {route.meta.tabBar && <TabBar path={route.path} />}
        </StaticRouter>
      </RenderingClient>
    );
    for (let i = 0; i < MAX_RENDERS; i++) {
      if (input.signal?.aborted) return undefined;
      const html = await renderToStringAsync(tree);
      const pending = asked.splice(0).filter((o) => client.getQueryState(o.queryKey)?.status !== 'success');
      if (pending.length === 0)
        return failed(client)
          ? undefined
          : { ...withFirstPictures(html), owner: snapshotOwner(stored.get('token') ?? '', customNum ?? '') };
      await Promise.all(pending.map((o) => client.fetchQuery(o).catch(() => undefined)));
    }
    return undefined;
  });
}

/** A read that failed: the page would show its failure, which only the live page can act on. */
const failed = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .some((q: Query) => q.state.status === 'error');

/**
 * The reads each render asks for: every query a component uses goes through the client's
 * defaulting with its observer's options (enabled included), which is where they are seen — a
 * query that is not enabled is not asked.
 */
function askedReads(client: QueryClient): DefaultedQueryObserverOptions[] {
  const asked: DefaultedQueryObserverOptions[] = [];
  const defaulted = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaulted>[0]) => {
    const d = defaulted(options);
    const query = client.getQueryCache().find({ queryKey: d.queryKey, exact: true });
    const enabled = typeof d.enabled === 'function' ? (query ? d.enabled(query as never) : true) : d.enabled;
    if (enabled !== false && d.queryFn && !asked.some((a) => a.queryHash === d.queryHash)) asked.push(d as DefaultedQueryObserverOptions);
    return d;
  }) as typeof client.defaultQueryOptions;
  return asked;
}
