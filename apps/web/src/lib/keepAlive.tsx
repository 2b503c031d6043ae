// A page kept mounted while another one shows: what React 19's <Activity> did for the keep-alive
// pages (home, mine, lt_real_name; app/ShellParts.tsx) before the H5 moved to Preact, which has no
// Activity (docs/decisions/0079-the-h5-renders-with-preact.md). The page keeps its state and its DOM;
// its DOM leaves the layout while hidden. Activity also took a hidden page's effects down and ran
// them again when it showed; Preact cannot, so the parts that relied on it ask instead:
//   - a page's queries (lib/query.tsx withQuery) stop listening while it is hidden and, shown again,
//     fetch what went stale meanwhile, as a remounted query does;
//   - a page's own effects that must run again on every show, or not while hidden, take `useShown()`
//     among their dependencies (routes/cards/Home.tsx, routes/realName/CarrierRealName.tsx).
import { createContext, useContext, type ReactNode } from 'react';

const Shown = createContext(true);

/** Whether the page this component is in is the one showing (false while a kept page is hidden). */
export function useShown(): boolean {
  return useContext(Shown);
}

/** Keeps `children` mounted; while `shown` is false they are out of the layout (`display: none`).
 *  The wrapper is `display: contents` otherwise: the page lays out as if it were not there. */
export function KeepAlive({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div style={{ display: shown ? 'contents' : 'none' }}>
      <Shown value={shown}>{children}</Shown>
    </div>
  );
}
