// The folder rules of the house (docs/testing.md, "Rules as configuration"), checked by
// `npm run lint:deps` and by `npm test`. A rule names what it forbids and why; a violation prints
// as `error <rule>: <from> → <to>`. The rules hold with no exceptions: there is no list of known violations.
'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');

/** Tests (and their helpers beside them) may import anything. */
const TEST = '\\.test\\.tsx?$';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A feature's public surface, the same short list as docs/adding-a-feature.md: its events, its HTTP contracts,
 * its queries, its state (state.ts: the state and its fold, for a reaction or check that must fold the feature's
 * stream itself rather than read its eventually consistent view) and its commands (commands.ts: small functions
 * that run the feature's own commands on its streams, so another feature asks for a change without importing the
 * decider whose rules decide it). A feature whose queries or contracts span files re-exports from these.
 * Three files more are named: the checklist step's receipt check that the project submission spends
 * (checklists/receipts.ts), the checklist's AI step that other AI steps go through (checklists/ai-step.ts), and the
 * activity feed's texts per project event, which the projects projection
 * writes in the same fold as the project (activity/texts.ts).
 */
const PUBLIC_FILES = ['events', 'contracts', 'queries', 'state', 'commands'];
const PUBLIC_SURFACE = [
  `^functions/features/[^/]+/(${PUBLIC_FILES.join('|')})\\.ts$`,
  '^functions/features/(checklists/receipts|checklists/ai-step|activity/texts)\\.ts$',
];
/**
 * Read paths: a feature's read model (queries, projection, view keys) and the handlers of the route table's GET
 * rows, read from infra/routes.ts itself, so a new GET handler is a read path whatever its file is called. A row
 * begins `route('GET /path', handler`, the handler either a path in quotes or a feature's helper, named after its
 * folder: `teams('get')` is functions/features/teams/http/get.ts (tests/unit/route-table.test.ts holds the two
 * readings together).
 */
const ROUTES_FILE = join(__dirname, 'infra/routes.ts');
const GET_ROW = /^\s*route\(\s*'GET [^']+',\s*(?:'([^']+)'|(\w+)\('([^']+)'\))/gm;
const GET_HANDLERS = [...readFileSync(ROUTES_FILE, 'utf8').matchAll(GET_ROW)].map(
  (match) => match[1] ?? `functions/features/${match[2]}/http/${match[3]}.ts`,
);
if (GET_HANDLERS.length === 0)
  throw new Error(`No GET rows found in ${ROUTES_FILE}: the read-path rule would check nothing`);
const READ_PATHS = [
  '^functions/features/[^/]+/(queries|[^/]+-queries|projection|[^/]+-projection|keys|[^/]+-keys)\\.ts$',
  `^(${GET_HANDLERS.map(escapeRegExp).join('|')})$`,
];
/**
 * The app's wiring entry points: a feature's handler is built by `http`, its runtime by `runtime`, a consumer by
 * `lambda`.
 */
const APP_ENTRY_POINTS = '^functions/app/(http|runtime|lambda)\\.ts$';
const AWS_SDK = '(^|/)node_modules/(@aws-sdk|@smithy|aws-sdk)/';
// The Node built-in modules a rule names, matched with or without the node: prefix.
const NODE_BUILTINS = [
  'fs',
  'path',
  'crypto',
  'http',
  'https',
  'net',
  'tls',
  'os',
  'child_process',
  'stream',
  'zlib',
  'url',
  'util',
  'worker_threads',
  'async_hooks',
  'buffer',
  'events',
];
const NODE_BUILTIN = `^(node:)?(${NODE_BUILTINS.join('|')})$`;

// ---- The SPA's slices (web/src): constants of the rules at the end of `forbidden` ----
/** A feature of the SPA is used by another only through its api/ (one file per call) and its index.ts. */
const SPA_FEATURE_PUBLIC = '^web/src/features/[^/]+/(index\\.tsx?|api/[^/]+\\.tsx?)$';
/**
 * What the app hands every feature: the API client, the session, the query cache's refreshUnlessLive,
 * the address proof and the signed-in screens' header. Not the router, the screens, the live socket
 * nor the auth library itself (app/auth/auth.ts is Amplify: importing it bundles Amplify into a screen).
 */
const SPA_APP_WIRING = [
  '^web/src/app/(api|config|email-proof|navigation)\\.ts$',
  '^web/src/app/auth/(session\\.tsx|auth-session\\.ts|auth-errors\\.ts|auth-tokens\\.ts|roles\\.ts|server-roles\\.ts)$',
  '^web/src/app/query/client\\.ts$',
  '^web/src/app/shell/AppHeader\\.tsx$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-not-to-features',
      comment:
        'The platform is what features stand on: it never imports a feature nor the app that puts them together ' +
        '(hand it what it needs at the wiring point instead).',
      severity: 'error',
      from: { path: '^functions/platform/', pathNot: TEST },
      // Reachable: not through infra/, shared/ or any other module in between either.
      to: { path: '^functions/(features|app)/', reachable: true },
    },
    {
      name: 'platform-not-to-infra',
      comment:
        'The platform imports nothing of infra/: the table layout, the metric names and the route access rule it ' +
        'needs live in shared/ (shared/tables.ts, shared/metrics.ts, shared/route-access.ts), which infra/ ' +
        'imports too.',
      severity: 'error',
      from: { path: '^functions/platform/', pathNot: TEST },
      to: { path: '^infra/' },
    },
    {
      name: 'feature-enters-app-by-wiring',
      comment:
        'A feature uses the app only through its wiring entry points (app/http.ts, app/runtime.ts, app/lambda.ts): ' +
        'the rest of app/ puts every feature together (the catalogue, the projections, the folds), and a ' +
        'feature that imported it would reach every other feature.',
      severity: 'error',
      from: { path: '^functions/features/', pathNot: TEST },
      to: { path: '^functions/app/', pathNot: APP_ENTRY_POINTS },
    },
    {
      name: 'feature-through-public-surface',
      comment:
        "A feature uses another only through that feature's events.ts, contracts.ts, queries.ts, state.ts or " +
        'commands.ts (and the two named files above; no *-queries or *-contracts file): the rest, its decider ' +
        "above all, is its own business and may change. Another feature's change is asked for through the " +
        "owner's commands.ts, never by running the owner's decider itself.",
      severity: 'error',
      from: { path: '^functions/features/([^/]+)/', pathNot: TEST },
      to: { path: '^functions/features/', pathNot: ['^functions/features/$1/', ...PUBLIC_SURFACE] },
    },
    {
      name: 'read-path-not-to-decider',
      comment:
        'Read paths (queries, projections, view keys, GET handlers) never reach a decider: a read neither needs a ' +
        "command's rules nor carries them in its bundle. Take the state and its fold from the feature's " +
        'state.ts, a shape from its contracts.ts.',
      severity: 'error',
      from: { path: READ_PATHS, pathNot: TEST },
      to: { path: '^functions/features/[^/]+/decider\\.ts$', reachable: true },
    },
    {
      name: 'shared-stands-alone',
      comment:
        'shared/ and events/ are what the SPA and every handler build on: they import no server code, no ' +
        'infrastructure, no SPA and no AWS SDK.',
      severity: 'error',
      from: { path: '^(shared|events)/', pathNot: TEST },
      to: { path: ['^(functions|infra|web|bin)/', AWS_SDK] },
    },
    {
      name: 'spa-only-contracts-and-shared',
      comment:
        "The SPA imports from outside web/ only the features' HTTP contracts, shared/ and events/zod.ts: anything " +
        "else would put server code (or its types' imports) in the browser.",
      severity: 'error',
      from: { path: '^web/src/', pathNot: TEST },
      to: {
        dependencyTypesNot: [
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-bundled',
          'npm-no-pkg',
          'npm-unknown',
          'core',
        ],
        pathNot: [
          '^web/',
          '^shared/',
          '^events/zod\\.ts$',
          '^functions/features/[^/]+/(contracts|[^/]+-contracts)\\.ts$',
          '^virtual:',
        ],
      },
    },
    {
      name: 'spa-reaches-only-browser-code',
      comment:
        'What the SPA reaches through the contracts it imports, at any depth, is browser code: contracts, the ' +
        "features' event lists, events/ and shared/, never the platform, a decider, a projection, a Node " +
        'built-in or the AWS SDK. (A value import of events.ts by a contract puts events.ts in the bundle: ' +
        'whatever events.ts imports goes too.)',
      severity: 'error',
      from: { path: '^web/src/', pathNot: TEST },
      to: {
        reachable: true,
        path: ['^functions/', '^infra/', '^bin/', AWS_SDK, NODE_BUILTIN],
        pathNot: ['^functions/features/[^/]+/(contracts|[^/]+-contracts|events)\\.ts$'],
      },
    },
    {
      name: 'contracts-stay-browser-safe',
      comment:
        "A contract is what the SPA imports: it may import only other contracts, the features' events.ts, shared/ " +
        'and events/ (a type it needs from a projection, a query or a decider moves into the contract).',
      severity: 'error',
      from: { path: '^functions/features/[^/]+/(contracts|[^/]+-contracts)\\.ts$' },
      to: {
        dependencyTypesNot: [
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-bundled',
          'npm-no-pkg',
          'npm-unknown',
          'core',
        ],
        pathNot: ['^shared/', '^events/', '^functions/features/[^/]+/(contracts|[^/]+-contracts|events)\\.ts$'],
      },
    },
    {
      name: 'infra-only-event-lists',
      comment:
        "The CDK stack reads functions/ only for the features' event lists (functions/features/*/events.ts); it " +
        'names handlers by path in infra/routes.ts and never imports them. The embedded runtime (infra/local) ' +
        'runs the functions and may import them; so may the rehearsal (infra/rehearsal), which registers the ' +
        'team and reads mail as an operator does.',
      severity: 'error',
      from: { path: '^infra/', pathNot: ['^infra/local/', '^infra/rehearsal/', TEST] },
      // bundling.ts also makes the checklist route's Bedrock tool schema at build time, from the estimator's zod
      // schema.
      // The notifications consumer's event list is its audience module's (NOTIFIED_EVENT_TYPES), kept beside the switch
      // that decides whom.
      to: {
        path: '^functions/',
        pathNot: [
          '^functions/features/[^/]+/events\\.ts$',
          '^functions/features/checklists/estimator/schema\\.ts$',
          '^functions/features/notifications/audience\\.ts$',
        ],
      },
    },
    {
      name: 'functions-not-to-tools',
      comment:
        'Lambda code never imports the command line, the embedded runtime nor the tests: none of it may end up in a ' +
        'bundle.',
      severity: 'error',
      from: { path: '^functions/', pathNot: TEST },
      to: { path: '^(bin|tests|bench|infra/local|infra/rehearsal)/' },
    },
    {
      name: 'no-circular',
      comment:
        'No cycles of value imports in functions/: such a cycle makes the import order decide what is initialised. ' +
        '(A type-only import or a dynamic import() runs nothing at load.)',
      severity: 'error',
      from: { path: '^functions/', pathNot: TEST },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'no-orphans',
      comment:
        'A module in functions/ that nothing imports and that imports nothing is dead code (or a handler the route ' +
        'table forgot).',
      severity: 'error',
      // Two handlers need no module at all (liveness, the socket's default route): infra/routes.ts names them.
      from: {
        orphan: true,
        path: '^functions/',
        pathNot: [
          TEST,
          '\\.d\\.ts$',
          '^functions/platform/http/health\\.ts$',
          '^functions/features/live/socket/default\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'no-deep-relative-import',
      comment:
        'No relative import in functions/ climbs more than three levels (../../../../): a module that far away is ' +
        "another part's, to be reached through a nearer one.",
      severity: 'error',
      // $1 is the importer's folder three levels up: a relative import resolving outside it climbed four or more.
      from: { path: '^(functions|functions/.+)/[^/]+/[^/]+/[^/]+/[^/]+$', pathNot: TEST },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], pathNot: '^$1/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing.',
      severity: 'error',
      from: {},
      // virtual: modules are made by the SPA's build (web/vite.config.ts).
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    // ---- The SPA's slices (web/src): web/src/app over web/src/features/<slice> over web/src/ui and lib ----
    {
      name: 'spa-no-circular',
      comment:
        'No cycles of value imports in web/src: the import order would decide what is initialised (a type-only ' +
        'import or a lazy import() runs nothing at load).',
      severity: 'error',
      from: { path: '^web/src/', pathNot: TEST },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'spa-feature-through-public-files',
      comment:
        "A feature of the SPA uses another only through that feature's api/ (its calls) and its index.ts (the " +
        'components it lends): its routes, other components and helpers are its own business.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/', pathNot: TEST },
      to: { path: '^web/src/features/', pathNot: ['^web/src/features/$1/', SPA_FEATURE_PUBLIC] },
    },
    {
      name: 'spa-features-only-app-wiring',
      comment:
        'The app puts the features together (it may import any of them); a feature takes from the app only its ' +
        'public wiring (SPA_APP_WIRING): never the routes table, a screen, the live socket or the auth library.',
      severity: 'error',
      from: { path: '^web/src/features/', pathNot: TEST },
      to: { path: '^web/src/app/', pathNot: SPA_APP_WIRING },
    },
    {
      name: 'spa-shared-knows-no-feature',
      comment:
        'web/src/ui (generic components) and web/src/lib (helpers) are what features stand on: they import no ' +
        'feature and no part of the app.',
      severity: 'error',
      from: { path: '^web/src/(ui|lib)/', pathNot: TEST },
      to: { path: '^web/src/(features|app)/' },
    },
  ],
  options: {
    // Type-only imports count: a contract importing a projection's type puts that module in the SPA's type graph.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/dist/', '^cdk\\.out/', '^\\.tmp/'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
