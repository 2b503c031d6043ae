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
      name: 'integrations-know-no-config',
      severity: 'error',
      comment:
        "config.ts composes each integration's settings (integrations/<x>/settings.ts); an integration takes " +
        'the settings it reads as a parameter and never imports config.ts back, so the two form no cycle ' +
        '(docs/decisions/0069-plugins-and-settings.md). db/ and lib/ sit lower still.',
      from: { path: `${SRC}(db|lib|integrations)/` },
      to: { path: `${SRC}config\\.ts$` },
    },
    {
      name: 'plugins-know-no-integration',
      severity: 'error',
      comment:
        'plugins/ (error mapping, logging, headers, health…) work for every route and know no outside system: ' +
        "an integration's error says how it is answered through lib/errors.ts (answerInEnvelope).",
      from: { path: `${SRC}plugins/` },
      to: { path: `${SRC}integrations/` },
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
