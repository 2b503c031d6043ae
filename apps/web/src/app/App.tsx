import { BrowserRouter } from '../lib/router';
import { Shell } from './Shell';

// The app's own router (lib/router, docs/decisions/0026-own-router.md): history, links and the
// query; no route matching — the shell's guards already map the location to its route (unknown
// paths redirect to /404) and the shell renders that route's page.
export function App() {
  return (
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  );
}
