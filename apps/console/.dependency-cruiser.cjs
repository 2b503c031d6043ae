// Module boundaries of the operator console, checked by `npm run lint` (dependency-cruiser):
//   main.tsx → app/ (router, layout) → pages.tsx (the page table) → pages/ → lib/
// The console is its own bundle: it never imports the portal's code, nor the server's.
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
      name: 'pages-stand-alone',
      severity: 'error',
      comment: 'A page does not import another page: what two pages share belongs in lib/.',
      from: { path: `${SRC}pages/([^/]+)\\.tsx$` },
      to: { path: `${SRC}pages/`, pathNot: `${SRC}pages/$1\\.tsx$` },
    },
    {
      name: 'lib-knows-no-pages',
      severity: 'error',
      comment: 'lib/ is under the pages and the app frame.',
      from: { path: `${SRC}lib/` },
      to: { path: [`${SRC}pages`, `${SRC}app/`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
