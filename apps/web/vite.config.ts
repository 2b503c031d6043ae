import { defineConfig } from 'vite';
import { firstPaint } from './build/firstPaint.ts';

export default defineConfig(() => ({
  plugins: [firstPaint()],
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
            { name: 'shell', tags: ['$initial'], priority: 10 },
            // Small modules the login page shares with most pages after it (the card's info, the
            // bind list, the current card, form errors, the countdown, the auth and card routes):
            // one file instead of seven, which gzip compresses together (~1 kB less on /login).
            {
              name: 'common',
              test: /[\\/](lib[\\/](formErrors|useCountdown)|features[\\/]auth[\\/](components[\\/]SmsCodeFields|model[\\/]smsCode)|contract[\\/]src[\\/](routes[\\/]auth|loginCodes))\.tsx?$/,
              priority: 5,
            },
            // The route table (src/app/router.ts loads it): a file of its own, loaded after /login's first
            // load and beside the entry on any other page (build/firstPaint.ts preloads it).
            { name: 'routes', test: /[\\/]src[\\/]config[\\/]routes\.ts$/, priority: 5 },
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
}));
