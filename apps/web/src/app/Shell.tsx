// The shell in the app's entry. A visitor on /login — where most visits start — gets the login page
// alone: the full shell (./AppShell.tsx: the guards of every route, the keep-alive pages, the card
// gates, the tab bar, the service button) and the route table are not in /login's first load
// (docs/decisions/0025-first-load.md). Which shell renders is decided once, by isVisitorOnLogin
// (config/routeRules.ts). They come at the first touch or key (./router.ts), and
// beside the entry on a visit that starts anywhere else (index.html preloads them, main.tsx waits).
// What every page needs from the shell is here: the API client's hooks, the agent mark of the URL,
// the branding and the document's title.
import { DEFAULT_AGENT_MARK } from '@portal/contract/login';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { isVisitorOnLogin, LOGIN_ROUTE } from '../config/routeRules';
import { brandingStore, useBrand } from '../features/branding/model/brandingStore';
import { markFromQuery } from '../features/branding/model/mark';
import { configureApi } from '../lib/api';
import { useLocation, useNavigate } from '../lib/router';
import { paintedSnapshotPath, pagePath, revealLivePage } from '../lib/snapshotPaint';
import { local } from '../lib/storage';
import { useStored } from '../lib/useStored';
import { LoadingPage } from './PageBoundary';
import { retryableLazy } from './retryableLazy';
import { atFirstTouch, pageOf, routeTableNow } from './router';

const loadAppShell = () => import('./AppShell');
// At the first touch or key: the full shell and the parts around the page after /login.
atFirstTouch(() => loadAppShell().then((m) => m.shellParts()));
const AppShell = retryableLazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));
/** The full shell's code, here before the first render (main.tsx, on any page but /login). */
export const preloadAppShell = () => AppShell.preload();

export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const brand = useBrand();
  const token = useStored('token');
  const customNum = useStored('customNum');
  const mark = useStored('mark') ?? DEFAULT_AGENT_MARK;

  useEffect(() => {
    configureApi({
      navigate: (to) => navigate(to, { replace: true }),
      isCardExemptPath: (path) => routeTableNow()?.routeOf(path)?.meta.cardWhitelist === true,
    });
  }, [navigate]);
  useEffect(() => {
    const queryMark = markFromQuery(location.search);
    if (queryMark && queryMark !== local.get('mark')) local.set('mark', queryMark);
  }, [location.search]);
  useEffect(() => void brandingStore.loadForMark(mark), [mark]);
  useEffect(() => void brandingStore.loadForCard(token && customNum ? customNum : undefined), [token, customNum]);
  useEffect(() => {
    document.title = brand.appName;
  }, [brand.appName]);
  // the guards sent this visit elsewhere (a session gone, no card): the painted page is not it
  useEffect(() => {
    const painted = paintedSnapshotPath();
    if (painted !== undefined && pagePath(location.pathname) !== painted) revealLivePage();
  }, [location.pathname]);

  // Decided per navigation, as the guards are: a login on this page changes nothing until it
  // navigates on.
  const loginAlone = useMemo(
    () => isVisitorOnLogin(location.pathname, location.search, local.get('token')),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- location.key: storage is read fresh per navigation
    [location.key, location.pathname, location.search],
  );

  if (loginAlone) return <LoginAlone />;
  return (
    <LoadingPage resetKey={location.pathname}>
      <AppShell />
    </LoadingPage>
  );
}

/** /login for a visitor: no tab bar, no service button, no gates (a visitor has no card). */
function LoginAlone() {
  // a page starts at the top (the full shell does the same for its pages)
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
  }, []);
  const Page = pageOf(LOGIN_ROUTE);
  return (
    <LoadingPage resetKey={LOGIN_ROUTE.path}>
      <Page />
    </LoadingPage>
  );
}
