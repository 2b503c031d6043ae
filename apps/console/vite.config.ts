import { defineConfig } from 'vite';

// The operator console: a desktop app with its own bundle, served by the API server at /admin/
// (docs/decisions/0018). Nothing here is shared with the portal's bundle (apps/web).
export default defineConfig({
  base: '/admin/',
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    port: 5174,
    // Host stays the dev server's (localhost:5174): the server refuses a console change whose Origin
    // is not the host it was sent to (docs/decisions/0047-guard-before-input.md)
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2020',
    // a desktop back office on office networks: antd's shared chunk is big, and cached after the first visit
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      onwarn(warning, warn) {
        // TanStack Query and antd mark modules "use client"; there are no server components here
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
