// Built for Node by build/prerender.ts (a Vite SSR build of this file, same CSS-module names as the
// browser build) and run once per build: the markup of /login in its neutral state — no agent
// branding yet (the fallback name, every login tab offered), the mobile tab, empty fields.
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from '../src/lib/router';
import LoginPage from '../src/routes/account/Login';

export function renderLogin(): string {
  return renderToStaticMarkup(
    <StaticRouter location="/login">
      <LoginPage />
    </StaticRouter>,
  );
}
