import { defineConfig, type Plugin } from 'vite';
import { firstPaint } from './build/firstPaint.ts';
import { firstScreenBuild } from './build/firstScreen.ts';
import { PREACT_ALIASES } from './build/preact.ts';

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
/** TanStack Query and the app's client. */
const QUERY_MODULES = /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/]query\.tsx$/;
/**
 * What /order and /shopping share beside the commerce styles, in one file instead of six
 * (docs/decisions/0078-a-cold-visit-asks-for-its-data-at-once.md): Checkout with its channel
 * picker, an order's summary and shipping facts, the block for an order that cannot be read, the
 * shop's and the request form's styles. /order uses all of it, /shopping all but ~1.5 kB gz; the
 * pages that use a part load the rest with it (the pay results, the box-code login, the agent
 * application, 投诉建议: 2–6 kB).
 */
const ORDER_PARTS_MODULES =
  /[\\/]src[\\/](features[\\/](commerce[\\/]components[\\/](Checkout|ChannelMark|ChannelPicker|OrderSummary|OrderLoadFailed)\.tsx|shop[\\/](components[\\/]ShippingFacts\.tsx|shop\.module\.css))|styles[\\/]requestForm\.module\.css)$/;
const COMMERCE_STYLES = /[\\/]src[\\/]features[\\/]commerce[\\/]commerce\.module\.css$/;
/** The address form: fields, region picker, address book (/shopping, the card replacement, 地址管理, the agent application). */
const ADDRESS_FORM_MODULES = /[\\/]src[\\/]features[\\/]addresses[\\/]components[\\/][^\\/]+\.(tsx|css)$/;
/** The app's small shared modules: a page's own code is in src/routes and its feature's components. */
const SHARED_MODULES =
  /[\\/](src[\\/](components|lib|config)[\\/]|src[\\/]features[\\/][^\\/]+[\\/](api|model)[\\/]|packages[\\/](contract|domain)[\\/])/;

export default defineConfig(() => {
  const initial = initialModules();
  const paint = firstPaint();
  return {
    plugins: [initial.plugin, paint, firstScreenBuild(() => paint.api.pageStyles())],
    // React's API on Preact (./build/preact.ts, docs/decisions/0079-the-h5-renders-with-preact.md)
    resolve: { alias: PREACT_ALIASES },
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
              // TanStack Query and the app's client: every page after /login asks through it. (One file
              // with `app` below is one request less per page but ~0.74 kB gz more — its minifier's
              // names grow with one scope twice as big: docs/decisions/0078.)
              { name: 'query', test: QUERY_MODULES, priority: 7 },
              // The shell after /login (the route table, the page map, the guards, the card gates, the
              // tab bar, the service button): one file instead of seven.
              { name: 'app', test: APP_MODULES, priority: 6 },
              // The commerce pages' stylesheet module stays a file of its own (28 pages use it; most
              // of them nothing of orderParts below): captured first, or that group would take it in
              // as one of Checkout's dependencies.
              { name: 'commerce.module', test: COMMERCE_STYLES, priority: 6 },
              // The small modules two pages or more share (the API's calls, the models, the common
              // components, the contract's rules): one file instead of dozens of 200-byte ones. A module
              // one page alone uses stays in that page's file; a feature's components stay out (some
              // bring antd-mobile). More bytes than a page needs (~17 kB gz in all), fewer round trips.
              { name: 'shared', test: SHARED_MODULES, minShareCount: 2, priority: 5 },
              // /order and /shopping in ≤ 8 files (see ORDER_PARTS_MODULES). Below `shared`: a group takes
              // its modules' dependencies that no group before it took, and the shared modules belong
              // in `shared`.
              { name: 'orderParts', test: ORDER_PARTS_MODULES, priority: 4 },
              { name: 'addressForm', test: ADDRESS_FORM_MODULES, priority: 4 },
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
