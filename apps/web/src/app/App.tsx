import { BrowserRouter } from '../lib/router';
import { AppShell } from './AppShell';

// No <Routes>: the shell's guards already map the location to its route (unknown paths redirect
// to /404) and the shell renders that route's page; react-router's route matching would only
// repeat it, and costs /login's first load some 2 kB.
export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
