// The H5 renders with Preact through `preact/compat` instead of React 19's renderer
// (docs/decisions/0079-the-h5-renders-with-preact.md). The code keeps importing `react` (its types
// come from @types/react); the bundler and the web's component tests (vitest project `unit-web`)
// resolve those imports to Preact here — the app's own and those of antd-mobile, TanStack Query
// and use-sync-external-store alike. The console stays on React: only apps/web's config uses this.
import type { Alias } from 'vite';

export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // Testing Library's `act` where React has none of its own (the web's component tests)
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // through compat's runtime: it loads compat's options (React's event names, `className`, numeric
  // style values in px) before the first element is created
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
