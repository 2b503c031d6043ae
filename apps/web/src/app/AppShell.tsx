// The app's full shell: evaluates the navigation guards on every navigation and renders the guarded
// route's page. Not in the entry: a visitor on /login does without it (./Shell.tsx renders that page
// alone, and keeps the API hooks, the agent mark, the branding and the title for every page). What
// the pages around /login need comes with ./ShellParts (lazy): the keep-alive pages (/ and /mine,
// kept mounted by lib/keepAlive.tsx), and once a page needs them the card gates (./CardGates, once a user is
// logged in with a card), the tab bar and the floating service button. The route table comes after
// the first load too (./router.ts): until it is here the shell knows /login only, and waits for
// it on any other path.
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { PageLoading } from '../components/PageLoading';
import type { RouteDef } from '../config/routes';
import { brandingStore } from '../features/branding/model/brandingStore';
import { startErrorReporting } from '../lib/errorReports/start';
import { NETWORK_FAILED } from '../lib/networkFailed';
import { useLocation, useNavigate } from '../lib/router';
import { clearOnForcedLogout } from '../lib/session';
import { local } from '../lib/storage';
import { toast } from '../lib/toast';
import { useStored } from '../lib/useStored';
import { LoadingPage, PageBoundary } from './PageBoundary';
import { retryableLazy } from './retryableLazy';
import { decideNavigation, lookupRoute, PENDING, type GuardContext } from './guards';
import { atFirstTouch, loadRouteTable, pageOf, routeTableNow, subscribeRouteTable } from './router';

// Errors from phones are reported from here on (docs/decisions/0037-errors-from-phones.md): not in
// /login's first load, which does without this module.
startErrorReporting();

/** The shell's parts around a page; fetched at the first touch (./Shell.tsx asks for them with
 *  this module's code when that touch came first). */
export const shellParts = () => import('./ShellParts');
atFirstTouch(shellParts);
// antd-mobile (the dialogs of lib/confirm.ts, the gate prompts): not in a page's cold load, here
// by the time a tap asks for one (docs/decisions/0063-every-page-as-light-as-login.md).
// Naming what is used (its confirm) keeps the rest of antd-mobile out of the build's ui chunk: a
// bare import() of its `export *` would keep every component (the cold-load journey caught 147 kB).
atFirstTouch(() => import('../lib/ui').then((m) => m.confirm));
const KeepAlivePages = retryableLazy(() => shellParts().then((m) => ({ default: m.KeepAlivePages })));
const AroundPage = retryableLazy(() => shellParts().then((m) => ({ default: m.AroundPage })));
// A page's boundary with a header above its failure (offline: the page's code never came).
const HeadedLoadingPage = retryableLazy(() => shellParts().then((m) => ({ default: m.HeadedLoadingPage })));
// Not in the first load: a visitor on /login has no card to gate.
const GatedPage = retryableLazy(() => shellParts().then((m) => ({ default: m.GatedPage })));
// Renders nothing: it suspends while the route table loads, and a failure goes to its boundary (重试).
const RouteTableLoad = retryableLazy(() => loadRouteTable().then(() => ({ default: () => null })));

/** Whether anything goes around this page: the card gates, the tab bar, a service button (the
 *  wifi-device area has its own, and ShellParts decides on the branding). */
const needsAround = (route: RouteDef | undefined, gated: boolean) =>
  gated || (route !== undefined && (route.meta.tabBar === true || !route.meta.noShowKF || route.area === 'wifiDevice'));

function guardContext(path: string, search: string): GuardContext {
  return {
    path,
    search,
    token: local.get('token'),
    hasCardInfo: local.get('cardInfo') !== undefined,
    customNum: local.get('customNum'),
    cardLogin: local.get('cardLogin') ?? false,
    storedMark: local.get('mark'),
    storedLoginModel: local.get('loginModel'),
  };
}

export function AppShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useStored('token');
  const customNum = useStored('customNum');
  // the route table once it has loaded: the shell renders again when it arrives
  const table = useSyncExternalStore(subscribeRouteTable, routeTableNow, routeTableNow);

  // Evaluated during render, so a guarded page never flashes before its redirect. Undefined while
  // the route table this path needs is on its way.
  const decision = useMemo(
    () => {
      const known = lookupRoute(location.pathname, table);
      return known === PENDING ? undefined : decideNavigation(guardContext(location.pathname, location.search), () => known);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- location.key: storage is read fresh per navigation
    [location.key, location.pathname, location.search, table],
  );

  // A passive effect, not a layout effect: on the first render BrowserRouter subscribes to the
  // history in its own layout effect, which runs after ours, and would miss the redirect.
  useEffect(() => {
    if (decision?.kind !== 'redirect') return;
    if (decision.clearStorage) clearOnForcedLogout();
    navigate(decision.to, { replace: true });
    if (decision.popup) {
      const popup = decision.popup;
      const ctx = { target: location.pathname + location.search, appDownloadUrl: brandingStore.view().appDownloadUrl, navigate };
      // only the wifi-device guards show one: its code (and antd-mobile's dialog) comes when needed
      import('./guardPopups').then(
        (m) => m.showGuardPopup(popup, ctx),
        () => toast(NETWORK_FAILED),
      );
    }
  }, [decision, location.pathname, location.search, navigate]);

  const route = decision?.kind === 'allow' ? decision.route : undefined;

  // Keep-alive pages mount on first visit and stay mounted while hidden. A login or logout
  // starts over: the hidden pages belong to the previous session.
  const session = token ? 'in' : 'out';
  const [alive, setAlive] = useState<{ session: string; paths: string[] }>({ session, paths: [] });
  let paths = alive.session === session ? alive.paths : [];
  if (route?.meta.keepAlive && !paths.includes(route.path)) paths = [...paths, route.path];
  if (paths !== alive.paths || alive.session !== session) setAlive({ session, paths });

  useScrollMemory(route?.path, route?.meta.keepAlive === true);

  // The gates need a session and a current card (docs/spec/portal-spec.md §4: with no token, card checks are skipped).
  const gated = Boolean(token && customNum);

  return (
    <>
      {!decision && (
        <LoadingPage resetKey={location.pathname}>
          <RouteTableLoad />
        </LoadingPage>
      )}
      {paths.length > 0 && (
        <PageBoundary quiet={!route?.meta.keepAlive} resetKey={route?.path}>
          <Suspense fallback={route?.meta.keepAlive ? <PageLoading /> : null}>
            <KeepAlivePages paths={paths} path={route?.path} session={session} />
          </Suspense>
        </PageBoundary>
      )}
      {route && !route.meta.keepAlive && (
        // A failure stays with the page it happened on: the next page tries again.
        // its code failing (offline) leaves a page header, with its way back, above 重试 (the plain
        // boundary outside: the shell's parts that bring the header did not come either)
        <LoadingPage resetKey={route.path}>
          <HeadedLoadingPage resetKey={route.path}>{gated ? <GatedPage route={route} /> : <RoutePage route={route} />}</HeadedLoadingPage>
        </LoadingPage>
      )}
      {needsAround(route, gated) && (
        <PageBoundary quiet resetKey={location.pathname}>
          <Suspense fallback={null}>
            <AroundPage route={route} pathname={location.pathname} gatedCard={gated ? customNum : undefined} />
          </Suspense>
        </PageBoundary>
      )}
    </>
  );
}

/** The page of a (guarded, built) route; a new page mounts afresh. */
function RoutePage({ route }: { route: RouteDef }) {
  const Page = pageOf(route);
  return <Page key={route.path} />;
}

/** Keep-alive pages get their scroll position back; other pages start at the top. The window
 *  scrolls (not an inner box) so mobile browsers can collapse their toolbars. */
function useScrollMemory(path: string | undefined, keepAlive: boolean) {
  const positions = useRef(new Map<string, number>());
  const current = useRef(path);
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (current.current) positions.current.set(current.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (!path) return;
    current.current = path;
    window.scrollTo(0, keepAlive ? (positions.current.get(path) ?? 0) : 0);
  }, [path, keepAlive]);
}
