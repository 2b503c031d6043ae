import { defineConfig, type Plugin } from 'vite';
import { firstPaint } from './build/firstPaint.ts';

/**
 * Small modules the login page shares with most pages after it (form errors, the countdown, the
 * SMS-code fields, Field, the auth routes): in the entry. Every cold visit loads them — /login
 * with its page, every other page through the shell — so a file of their own only cost each visit
 * a request and ~340 B of gzip context (docs/decisions/0074-the-entry-holds-what-every-visit-loads.md).
 */
const LOGIN_SHARED =
  /[\\/](lib[\\/](formErrors|useCountdown)|components[\\/]Field|features[\\/]auth[\\/](components[\\/]SmsCodeFields|model[\\/]smsCode)|contract[\\/]src[\\/](routes[\\/]auth|loginCodes))\.tsx?$/;

/**
 * The modules the entry imports statically (what rolldown tags `$initial`), known once the module
 * graph is whole: a group's `test` sees only a module's id, and the entry's group needs "initial or
 * LOGIN_SHARED", which `tags` (all must hold) cannot say.
 */
const BARREL = /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]index\.ts$/;
function initialModules(): { plugin: Plugin; has(id: string): boolean } {
  const initial = new Set<string>();
  return {
    has: (id) => initial.has(id),
    plugin: {
      name: 'portal:initial-modules',
      apply: 'build',
      buildStart() {
        initial.clear();
      },
      buildEnd() {
        const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
        while (stack.length) {
          const id = stack.pop()!;
          if (initial.has(id)) continue;
          initial.add(id);
          // not through a package's index: the bundler keeps of it only what the entry uses (and
          // tags only that), the rest belongs to the pages that use it
          if (!BARREL.test(id)) stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}

/** antd-mobile and the libraries only it uses (src/lib/ui.ts is its one door). */
const UI_MODULES =
  /[\\/]node_modules[\\/](antd-mobile|antd-mobile-icons|@react-spring|@use-gesture|ahooks|rc-util|@babel[\\/]runtime|classnames|staged-components|tslib|lodash|js-cookie|screenfull|intersection-observer|resize-observer-polyfill|dayjs|runes2|@floating-ui|nano-memoize|use-sync-external-store)[\\/]|[\\/]src[\\/]lib[\\/]ui\.(ts|css)$/;
/** The shell of every page after /login (src/app, the route table). */
const APP_MODULES = /[\\/]src[\\/](app[\\/]|config[\\/]routes\.ts$|features[\\/]customer-service[\\/]components[\\/]FloatingServiceButton)/;
/** The app's small shared modules: a page's own code is in src/routes and its feature's components. */
const SHARED_MODULES =
  /[\\/](src[\\/](components|lib|config)[\\/]|src[\\/]features[\\/][^\\/]+[\\/](api|model)[\\/]|packages[\\/](contract|domain)[\\/])/;

export default defineConfig(() => {
  const initial = initialModules();
  return {
    plugins: [initial.plugin, firstPaint()],
    // vite 8 compiles TSX with oxc; the automatic runtime means no `import React` in every file.
    oxc: { jsx: { runtime: 'automatic' } },
    server: {
      proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: true } },
    },
    build: {
      manifest: true,
      target: 'es2020',
      cssCodeSplit: true,
      // Keep the first page small: no inlined assets bigger than a tiny icon.
      assetsInlineLimit: 2048,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // Everything the entry imports statically loads with the first page anyway: one chunk.
        // Without this the bundler cuts a shared module out of the entry as soon as one more lazy
        // chunk imports it (the card gates share a dozen), and /login's first load gets more,
        // smaller files and more bytes.
        output: {
          codeSplitting: {
            groups: [
              // The entry: what it imports statically, and the modules /login shares with the pages after it.
              { name: 'shell', test: (id: string) => initial.has(id) || LOGIN_SHARED.test(id), priority: 10 },
              // After /login, a page's cold visit is the entry and a few files, not dozens
              // (docs/decisions/0063-every-page-as-light-as-login.md):
              // antd-mobile and what it brings (its springs and gestures): one file, on the pages that
              // render it at once; elsewhere it comes with the first dialog (lib/confirm.ts).
              { name: 'ui', test: UI_MODULES, priority: 8 },
              // TanStack Query and the app's client: every page after /login asks through it.
              { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/]query\.tsx$/, priority: 7 },
              // The shell after /login (the route table, the page map, the guards, the card gates, the
              // tab bar, the service button): one file instead of seven.
              { name: 'app', test: APP_MODULES, priority: 6 },
              // The small modules two pages or more share (the API's calls, the models, the common
              // components, the contract's rules): one file instead of dozens of 200-byte ones. A module
              // one page alone uses stays in that page's file; a feature's components stay out (some
              // bring antd-mobile). More bytes than a page needs (~17 kB gz in all), fewer round trips.
              { name: 'shared', test: SHARED_MODULES, minShareCount: 2, priority: 5 },
            ],
          },
        },
        onwarn(warning, warn) {
          // TanStack Query marks its modules "use client" (a React Server Components hint); this app
          // has no server components, so dropping the directive is what we want.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  };
});
