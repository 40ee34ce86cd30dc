/**
 * Import boundaries (ARCHITECTURE.md "Layers"; decisions 0011, 0051), checked by `npm run lint`
 * through scripts/check-boundaries.mjs, which first proves each rule on planted violations
 * (scripts/boundaries/fixture/). Paths are relative to the repository root.
 *
 * Server: `src/modules/<name>/` holds one concept each, with one public face, `index.ts`. The
 * ground (`http/`, `lib/`, `db/`, `platform/`, `config.ts`) imports no module; the composition
 * (`app.ts`, `deps.ts`, `server-modules.ts`, `main.ts`) imports modules through their faces.
 * Web: ui/ and lib/ → components/ → features/ → app/, downward only. `features/<concept>/` mirrors
 * the server's modules, each with one public face, `index.ts`: another feature and app/ import it
 * only through that face (app/'s lazy import() of a page names the page's module, one chunk each).
 */
const SERVER = '^apps/server/';
const MODULES = '^apps/server/src/modules/';
const TEST = '\\.test\\.tsx?$';
const WEB = '^apps/web/src/';
// A module's two faces: `index.ts` (what it does) and `tables.ts` (its data, for reading).
const FACES = `${MODULES}[^/]+/(index|tables)\\.ts$`;
// A module's data: its table definitions, their data face and read helpers over them.
const DATA = `${MODULES}[^/]+/(tables|[^/]+\\.tables|[^/]+\\.reads)\\.ts$`;

module.exports = {
  forbidden: [
    {
      name: 'module-face-only',
      comment:
        'Outside a module, it is imported only through its faces: index.ts, and tables.ts for its data.',
      severity: 'error',
      from: { path: SERVER, pathNot: `${MODULES}[^/]+/` },
      to: { path: `${MODULES}[^/]+/.`, pathNot: FACES },
    },
    {
      name: 'module-face-only-between-modules',
      comment:
        'A module imports another only through its faces: index.ts (services, events, its module ' +
        'object) and tables.ts (its tables, to read and join).',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/.`, pathNot: [`${MODULES}$1/`, FACES] },
    },
    {
      name: 'ground-imports-no-module',
      comment:
        'http/, lib/, db/, platform/ and config.ts import no module and not the composition; what a ' +
        'plugin needs from a module, app.ts passes in. (Their tests may build the whole app.)',
      severity: 'error',
      from: { path: '^apps/server/src/(http/|lib/|db/|platform/|config\\.ts$)', pathNot: TEST },
      to: { path: '^apps/server/src/(modules/|app\\.ts$|deps\\.ts$|server-modules\\.ts$|main\\.ts$)' },
    },
    {
      name: 'module-owns-tables',
      comment:
        "A module's tables (`*.tables.ts`) are imported by its own files; other modules read them " +
        'through its data face, tables.ts, and write them only through its services (the write ' +
        'rule is scripts/check-table-writes.mjs). Migrations are generated from them.',
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
      to: { path: `${MODULES}[^/]+/.*\\.tables\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'data-face-holds-data',
      comment:
        "A module's data face (tables.ts, *.tables.ts, *.reads.ts) imports only tables, other data " +
        'faces, lib/ and db/: reading a module never loads its services, so data faces form no ' +
        'cycle whichever way modules read each other.',
      severity: 'error',
      from: { path: DATA, pathNot: TEST },
      to: { path: '^apps/server/src/', pathNot: [DATA, '^apps/server/src/(lib|db)/'] },
    },
    {
      name: 'services-speak-the-domain',
      comment:
        'Only routes (*.routes.ts), plugins (*.plugin.ts) and HTTP glue (*.http.ts) import http/ or ' +
        'a *.http module: a service throws the errors of lib/errors.ts and never sees a request ' +
        '(decision 0050).',
      severity: 'error',
      from: {
        path: MODULES,
        pathNot: [TEST, '\\.(routes|plugin|http)\\.ts$', `${MODULES}[^/]+/index\\.ts$`],
      },
      to: { path: ['^apps/server/src/http/', '\\.http\\.ts$'] },
    },
    {
      name: 'test-helpers-with-tests',
      comment:
        'Test helpers live with the tests (apps/server/test/, apps/web/test/), never in a source ' +
        'folder; source never imports them.',
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: TEST },
      to: { path: ['^apps/(server|web)/test/', TEST, '/testing(\\.tsx?$|/)'] },
    },
    {
      name: 'no-test-helpers-in-source',
      comment: 'A file named testing.* or a testing/ folder is a test helper: it belongs in test/.',
      severity: 'error',
      from: {
        path: ['^apps/(server|web)/src/testing(\\.tsx?$|/)', '^apps/(server|web)/src/.*/testing(\\.tsx?$|/)'],
      },
      to: {},
    },
    {
      name: 'no-cycles',
      comment: 'No import cycle, between modules or between files (type-only imports count too).',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-ground-imports-down',
      comment: 'Web ui/ and lib/ import neither components/, features/ nor app/.',
      severity: 'error',
      from: { path: `${WEB}(ui|lib)/`, pathNot: TEST },
      to: { path: `${WEB}(components|features|app)/` },
    },
    {
      name: 'web-components-import-down',
      comment: 'Web components/ import neither features/ nor app/.',
      severity: 'error',
      from: { path: `${WEB}components/`, pathNot: TEST },
      to: { path: `${WEB}(features|app)/` },
    },
    {
      name: 'web-feature-imports-no-app',
      comment: 'A web feature does not import app/ (the shell composes the features).',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: TEST },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-app-imports-faces',
      comment:
        "app/ imports a feature through its index.ts. A lazy import() (a route's page, a part loaded " +
        'when shown) names the module itself, so that module stays a chunk of its own.',
      severity: 'error',
      from: { path: `${WEB}app/`, pathNot: TEST },
      to: {
        path: `${WEB}features/[^/]+/.`,
        pathNot: `${WEB}features/[^/]+/index\\.ts$`,
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-feature-face-only',
      comment:
        'A web feature imports another feature only through its index.ts (its public face); faces ' +
        'form no cycle (no-cycles): what two features both need moves down to components/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${WEB}features/[^/]+/.`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.ts$`],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/node_modules/', '/dist/', '^apps/server/src/db/migrations/', '^scripts/'] },
    // Type-only imports are edges too: a cycle through types is still a cycle of concepts.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
