// The parts of the shell a visit to /login does without (docs/decisions/0025-first-load.md): the
// keep-alive pages (home, mine, lt_real_name: mounted on first visit, kept while hidden), the card
// gates (./CardGates) on the way to a page and their prompts, the tab bar and the floating service
// button. Lazy:
// ./AppShell.tsx loads this module once a page needs one of them (index.html preloads it beside
// any page but /login, build/firstPaint.ts).
import { Suspense, type ReactNode } from 'react';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';
import { ROUTES, type RouteDef } from '../config/routes';
import { useBrand } from '../features/branding/model/brandingStore';
import { serviceButtons } from '../features/customer-service/model/visibility';
import { KeepAlive } from '../lib/keepAlive';
import { useNavigate } from '../lib/router';
import { LoadingPage, PageBoundary, type PageBoundaryProps } from './PageBoundary';
import { retryableLazy } from './retryableLazy';
import { pageOf } from './router';

/** The wifi-device area's pages with its own tab bar (docs/spec/decisions.md "Layout"). */
const DEVICE_TAB_PAGES = new Set(['/cpe', '/cpe_mine']);

const KEEP_ALIVE = ROUTES.filter((r) => r.meta.keepAlive && r.page);

const CardGates = retryableLazy(() => import('./CardGates'));
const NavGate = retryableLazy(() => import('./CardGates').then((m) => ({ default: m.NavGate })));
// Only / and /mine show it, and pages.ts fetches it beside their code.
const TabBar = retryableLazy(() => import('./TabBar').then((m) => ({ default: m.TabBar })));
// It waits for the branding anyway.
const FloatingServiceButton = retryableLazy(() =>
  import('../features/customer-service/components/FloatingServiceButton').then((m) => ({ default: m.FloatingServiceButton })),
);

// A page's boundary that keeps a page header, with its way back, above the failure: a page whose code
// never came (offline) has no header of its own. Here, not in ./PageBoundary.tsx, so
// that it adds nothing to /login's first load (docs/decisions/0025).
class HeadedBoundary extends PageBoundary {
  declare props: Readonly<PageBoundaryProps & { header: ReactNode }>;

  render() {
    const shown = super.render();
    return this.state.failed ? (
      <>
        {this.props.header}
        {shown}
      </>
    ) : (
      shown
    );
  }
}

/** LoadingPage (./PageBoundary.tsx) with the header above a failure, titled with the app's name:
 *  the route table's titles are not in the browser (build/firstPaint.ts). */
export function HeadedLoadingPage({ resetKey, children }: { resetKey?: string; children: ReactNode }) {
  const brand = useBrand();
  return (
    <HeadedBoundary resetKey={resetKey} header={<PageHeader title={brand.appName} />}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </HeadedBoundary>
  );
}

/** The keep-alive pages visited in this session (`paths`), the current one (`path`) shown (lib/keepAlive.tsx). */
export function KeepAlivePages({ paths, path, session }: { paths: readonly string[]; path: string | undefined; session: string }) {
  return KEEP_ALIVE.filter((r) => paths.includes(r.path)).map((r) => {
    const Page = pageOf(r);
    return (
      <KeepAlive key={`${session}:${r.path}`} shown={path === r.path}>
        {/* the tab pages keep the tab bar as their way on; the others a header's back */}
        {r.meta.tabBar ? (
          <LoadingPage>
            <Page />
          </LoadingPage>
        ) : (
          <HeadedLoadingPage>
            <Page />
          </HeadedLoadingPage>
        )}
      </KeepAlive>
    );
  });
}

/** A page behind the card gates (a session and a current card): NavGate decides per navigation
 *  whether it shows, or the user stays where they were and is asked first. */
export function GatedPage({ route }: { route: RouteDef }) {
  const Page = pageOf(route);
  return (
    <NavGate route={route}>
      <Page key={route.path} />
    </NavGate>
  );
}

interface AroundProps {
  /** the route being shown (undefined while a guard redirects) */
  route: RouteDef | undefined;
  pathname: string;
  /** the current card, when the card gates run (a session and a card) */
  gatedCard: string | undefined;
}

/** What sits around the page: the card gates' prompts, the tab bar, the floating service button. */
export function AroundPage({ route, pathname, gatedCard }: AroundProps) {
  const navigate = useNavigate();
  const buttons = serviceButtons(route, useBrand());
  return (
    <>
      {gatedCard && (
        // The gates' code failing offline hides their prompts until the next page, not the page.
        <PageBoundary quiet resetKey={pathname}>
          <Suspense fallback={null}>
            <CardGates route={route} customNum={gatedCard} />
          </Suspense>
        </PageBoundary>
      )}
      {route?.meta.tabBar && (
        <PageBoundary quiet resetKey={route.path}>
          <Suspense fallback={<TabBarSpace />}>
            <TabBar path={route.path} />
          </Suspense>
        </PageBoundary>
      )}
      {/* the app's button, or the wifi-device area's own one (spec §2: hidden on noCpeKF routes) */}
      {(buttons.main || buttons.cpe) && route && (
        <PageBoundary quiet resetKey={route.path}>
          <Suspense fallback={null}>
            <FloatingServiceButton
              withTabBar={route.meta.tabBar === true || DEVICE_TAB_PAGES.has(route.path)}
              arrow={route.meta.guideArrow === true}
              page={route.path}
              onOpen={() => navigate(`/customer?form=${encodeURIComponent(route.name)}`)}
            />
          </Suspense>
        </PageBoundary>
      )}
    </>
  );
}

/** The tab bar's height kept free while its code arrives, so the page does not jump. */
function TabBarSpace() {
  return <div style={{ height: 'calc(var(--app-tabbar-h) + env(safe-area-inset-bottom))' }} />;
}
