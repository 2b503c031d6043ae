import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { BUILT_ROUTES } from '../config/routes';
import { AppShell } from './AppShell';
import { LAZY_PAGES } from './router';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          {BUILT_ROUTES.map((r) => {
            // Keep-alive pages are rendered by the shell itself, inside <Activity>.
            const Page = LAZY_PAGES.get(r.path)!;
            return <Route key={r.path} path={r.path} element={r.meta.keepAlive ? null : <Page />} />;
          })}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
