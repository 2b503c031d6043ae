// Module boundaries of the web app, checked by `npm run lint` (dependency-cruiser). The layout
// they keep (apps/web/README.md "Layout"):
//   main.tsx → app/ → routes/<area>/ (pages) → features/<name>/ → components/, lib/, config/
// Pages combine features; a feature stands on its own; the shared layers know no feature.
// Paths are matched from the repository root (`npm run lint:deps`) or from apps/web.
const SRC = '^(?:apps/web/)?src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-zod-in-the-browser',
      severity: 'error',
      comment:
        'The web app takes only types from the zod schemas (packages/contract: index, schemas, commerce, realName, ' +
        'endpoints) and never zod itself: the schemas would land in the bundle, zod on the login page. At run time it ' +
        'uses the zod-free routes/, route.ts, patterns/, enums and codes (docs/decisions/0009-endpoints-declared-once.md).',
      from: { path: `${SRC}` },
      to: {
        path: ['(^|/)node_modules/zod/', '(^|/)packages/contract/src/(index|schemas|commerce|realName|endpoints)\\.ts$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'never-the-console',
      severity: 'error',
      comment: 'The operator console is its own bundle (docs/decisions/0018): the portal never loads its code.',
      from: { path: `${SRC}` },
      to: { path: ['(^|/)apps/console/', '(^|/)packages/contract/src/admin/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules cannot be understood (or split into chunks) apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-to-other-feature',
      severity: 'error',
      comment:
        'A feature does not import another feature: what two features share belongs in lib/ or components/, ' +
        'and a page (src/routes/) is where features are combined.',
      from: { path: `${SRC}features/([^/]+)/` },
      to: { path: `${SRC}features/`, pathNot: `${SRC}features/$1/` },
    },
    {
      name: 'only-app-imports-app',
      severity: 'error',
      comment:
        'app/ (router, shell, guards, card gates) is the top: nothing but app/ itself, main.tsx and the ' +
        "server's entry (firstScreen/, docs/decisions/0082) imports it. Route data and its helpers are in config/routes.ts.",
      from: { pathNot: `${SRC}(?:app/|main\\.tsx$|firstScreen/)` },
      to: { path: `${SRC}app/` },
    },
    {
      name: 'shared-layers-know-no-feature',
      severity: 'error',
      comment: 'lib/, components/ and config/ are below the features: they import no feature, no page, no app/.',
      from: { path: `${SRC}(?:lib|components|config)/` },
      to: { path: `${SRC}(?:features|routes|app)/` },
    },
    {
      name: 'feature-to-page',
      severity: 'error',
      comment: 'Features are below the pages: a feature imports no page (src/routes/).',
      from: { path: `${SRC}features/` },
      to: { path: `${SRC}routes/` },
    },
    {
      name: 'page-to-other-area',
      severity: 'error',
      comment:
        "A page does not import another area's modules (each page is its own lazy chunk): share through a " + 'feature or components/.',
      from: { path: `${SRC}routes/([^/]+)/` },
      to: { path: `${SRC}routes/`, pathNot: `${SRC}routes/$1/` },
    },
    {
      name: 'config-is-data',
      severity: 'error',
      comment:
        'config/ is plain data the build reads too (vite.config.ts imports config/routes.ts): it imports ' +
        'nothing but types and other config.',
      from: { path: `${SRC}config/` },
      to: { pathNot: `${SRC}config/`, dependencyTypesNot: ['type-only'] },
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
