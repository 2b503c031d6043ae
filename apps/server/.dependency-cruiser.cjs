// Module boundaries of the API server, checked by `npm run lint` (dependency-cruiser).
// The layout and the reasons are in docs/decisions/0008-server-modules.md.
//
// Paths are matched with a `^(apps/server/)?src/` prefix so that the rules hold whether the cruise
// starts at the repository root (`apps/server/src`) or inside apps/server (`src`).
const SRC = '^(?:apps/server/)?src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Server files form no cycle: a cycle hides which module owns a rule or a table.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'Folders form no cycle either (modules, the commerce sub-modules, lib ⇄ db…): two files that ' +
        'do not import each other can still tie their folders into a knot that no file-level check sees.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-entry-from-another-module',
      severity: 'error',
      comment:
        'A module is used only through its public entry: code in modules/<a>/ imports from modules/<b>/ ' +
        'only modules/<b>/index.ts (for the commerce area: only modules/commerce/index.ts).',
      from: { path: `${SRC}modules/([^/]+)/` },
      to: {
        path: `${SRC}modules/[^/]+/`,
        pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-entry-from-outside',
      severity: 'error',
      comment:
        'Code outside the modules (app wiring in modules/index.ts, app.ts, cli/, sim/) imports a module ' +
        'only through modules/<m>/index.ts.',
      from: { pathNot: `${SRC}modules/[^/]+/` },
      to: {
        path: `${SRC}modules/[^/]+/`,
        pathNot: `${SRC}modules/[^/]+/index\\.ts$`,
      },
    },
    {
      name: 'lower-layers-know-no-modules',
      severity: 'error',
      comment:
        'db/, lib/ and integrations/ sit under the modules: they never import a module, the app wiring, ' +
        "the simulators' pages or the operator commands.",
      from: { path: `${SRC}(db|lib|integrations)/` },
      to: { path: [`${SRC}modules/`, `${SRC}(app|main)\\.ts$`, `${SRC}(cli|sim)/`] },
    },
    {
      name: 'db-is-the-bottom',
      severity: 'error',
      comment: 'db/ (connection, schema, executor, migrations, demo seed) imports nothing else of the server.',
      from: { path: `${SRC}db/` },
      to: { path: `${SRC}`, pathNot: `${SRC}db/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
