// Module boundaries of the operator console, checked by `npm run lint` (dependency-cruiser). The
// layout they keep (the web app's, docs/decisions/0018 "The console's shape"):
//   main.tsx → app/ (router, layout, the page table) → pages/ → features/<area>/ → components/, lib/
// Pages combine features; a feature stands on its own; the shared layers know no feature. The
// console is its own bundle: it never imports the portal's code, nor the server's.
// Paths are matched from the repository root (`npm run lint:deps`) or from apps/console.
const SRC = '^(?:apps/console/)?src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules cannot be understood (or split into chunks) apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-the-portal-or-the-server',
      severity: 'error',
      comment: 'The console shares only the contract and the domain rules with the portal (apps/web) and the server.',
      from: { path: SRC },
      to: { path: '(^|/)apps/(web|server)/' },
    },
    {
      name: 'feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature does not import another feature: what two features share belongs in lib/ or components/, ' +
        'and a page (src/pages/) is where features are combined.',
      from: { path: `${SRC}features/([^/]+)/` },
      to: { path: `${SRC}features/`, pathNot: `${SRC}features/$1/` },
    },
    {
      name: 'only-app-imports-app',
      severity: 'error',
      comment: 'app/ (router, layout, the page table) is the top: nothing but app/ itself and main.tsx imports it.',
      from: { pathNot: `${SRC}(?:app/|main\\.tsx$)` },
      to: { path: `${SRC}app/` },
    },
    {
      name: 'shared-layers-know-no-feature',
      severity: 'error',
      comment: 'lib/ and components/ are below the features: they import no feature, no page, no app/.',
      from: { path: `${SRC}(?:lib|components)/` },
      to: { path: `${SRC}(?:features|pages|app)/` },
    },
    {
      name: 'feature-to-page',
      severity: 'error',
      comment: 'Features are below the pages: a feature imports no page (src/pages/).',
      from: { path: `${SRC}features/` },
      to: { path: `${SRC}pages/` },
    },
    {
      name: 'pages-stand-alone',
      severity: 'error',
      comment: 'A page does not import another page (each is its own lazy chunk): share through a feature or components/.',
      from: { path: `${SRC}pages/([^/]+)\\.tsx$` },
      to: { path: `${SRC}pages/`, pathNot: `${SRC}pages/$1\\.tsx$` },
    },
    {
      name: 'lib-is-not-react-components',
      severity: 'error',
      comment:
        'lib/ is the console’s plumbing (api client, query keys, formats, labels) and imports no component: components/ is above it.',
      from: { path: `${SRC}lib/` },
      to: { path: `${SRC}components/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
