// The folder rules of the house (docs/testing.md, "Rules as configuration"), checked by
// `npm run lint:deps` and by `npm test`. A rule names what it forbids and why; a violation prints
// as `error <rule>: <from> → <to>`. The rules hold with no exceptions: there is no list of known violations.
'use strict';

/** Tests (and their helpers beside them) may import anything. */
const TEST = '\\.test\\.tsx?$';
/**
 * A feature's public surface: its events, its HTTP contracts, its queries (split files allowed:
 * `admin-contracts.ts`), its state (state.ts: the state and its fold, for a reaction or check that
 * must fold the feature's stream itself rather than read its eventually consistent view) and its
 * commands (commands.ts: small functions that run the feature's own commands on its streams, so
 * another feature asks for a change without importing the decider whose rules decide it).
 * Three files more are named: the checklist step's receipt check that the project submission spends
 * (checklists/receipts.ts), the checklist's AI step that other AI steps go through
 * (checklists/ai-step.ts), and the activity feed's texts per project event, which the projects
 * projection writes in the same fold as the project (activity/texts.ts).
 */
const PUBLIC_SURFACE = [
  '^functions/features/[^/]+/(events|contracts|queries|state|commands|[^/]+-contracts|[^/]+-queries)\\.ts$',
  '^functions/features/(checklists/receipts|checklists/ai-step|activity/texts)\\.ts$',
];
/**
 * Read paths: a feature's read model and the handlers of GET routes (infra/routes.ts). GET handlers are
 * named `get`, `list`, `*-get`, `*-list` or `*-details`; the few older names are listed.
 */
const READ_PATHS = [
  '^functions/features/[^/]+/(queries|[^/]+-queries|projection|[^/]+-projection|keys|[^/]+-keys)\\.ts$',
  '^functions/features/[^/]+/http/(get|list|details|[^/]+-get|[^/]+-list|[^/]+-details)\\.ts$',
  '^functions/features/(users/http/me|files/http/download|billing/http/subscription|activity/http/(global|project)|notifications/http/unsubscribe-ask)\\.ts$',
];
const AWS_SDK = '(^|/)node_modules/(@aws-sdk|@smithy|aws-sdk)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'platform-not-to-features',
      comment: 'The platform is what features stand on: it never imports a feature nor the app that puts them together (hand it what it needs at the wiring point instead).',
      severity: 'error',
      from: { path: '^functions/platform/', pathNot: TEST },
      to: { path: '^functions/(features|app)/' },
    },
    {
      name: 'feature-through-public-surface',
      comment: "A feature uses another only through that feature's events.ts, contracts.ts, queries.ts, state.ts or commands.ts (and the two named files above): the rest, its decider above all, is its own business and may change. Another feature's change is asked for through the owner's commands.ts, never by running the owner's decider itself.",
      severity: 'error',
      from: { path: '^functions/features/([^/]+)/', pathNot: TEST },
      to: { path: '^functions/features/', pathNot: ['^functions/features/$1/', ...PUBLIC_SURFACE] },
    },
    {
      name: 'read-path-not-to-decider',
      comment: "Read paths (queries, projections, view keys, GET handlers) never reach a decider: a read neither needs a command's rules nor carries them in its bundle. Take the state and its fold from the feature's state.ts, a shape from its contracts.ts.",
      severity: 'error',
      from: { path: READ_PATHS, pathNot: TEST },
      to: { path: '^functions/features/[^/]+/decider\\.ts$', reachable: true },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared/ and events/ are what the SPA and every handler build on: they import no server code, no infrastructure, no SPA and no AWS SDK.',
      severity: 'error',
      from: { path: '^(shared|events)/', pathNot: TEST },
      to: { path: ['^(functions|infra|web|bin)/', AWS_SDK] },
    },
    {
      name: 'spa-only-contracts-and-shared',
      comment: "The SPA imports from outside web/ only the features' HTTP contracts, shared/ and events/zod.ts: anything else would put server code (or its types' imports) in the browser.",
      severity: 'error',
      from: { path: '^web/src/', pathNot: TEST },
      to: {
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'core'],
        pathNot: ['^web/', '^shared/', '^events/zod\\.ts$', '^functions/features/[^/]+/(contracts|[^/]+-contracts)\\.ts$', '^virtual:'],
      },
    },
    {
      name: 'contracts-stay-browser-safe',
      comment: "A contract is what the SPA imports: it may import only other contracts, the features' events.ts, shared/ and events/ (a type it needs from a projection, a query or a decider moves into the contract).",
      severity: 'error',
      from: { path: '^functions/features/[^/]+/(contracts|[^/]+-contracts)\\.ts$' },
      to: {
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'core'],
        pathNot: ['^shared/', '^events/', '^functions/features/[^/]+/(contracts|[^/]+-contracts|events)\\.ts$'],
      },
    },
    {
      name: 'infra-only-event-lists',
      comment: "The CDK stack reads functions/ only for the features' event lists (functions/features/*/events.ts); it names handlers by path in infra/routes.ts and never imports them. The embedded runtime (infra/local) runs the functions and may import them.",
      severity: 'error',
      from: { path: '^infra/', pathNot: ['^infra/local/', TEST] },
      // bundling.ts also makes the checklist route's Bedrock tool schema at build time, from the estimator's zod schema.
      to: { path: '^functions/', pathNot: ['^functions/features/[^/]+/events\\.ts$', '^functions/features/checklists/estimator/schema\\.ts$'] },
    },
    {
      name: 'functions-not-to-tools',
      comment: 'Lambda code never imports the command line, the embedded runtime nor the tests: none of it may end up in a bundle.',
      severity: 'error',
      from: { path: '^functions/', pathNot: TEST },
      to: { path: '^(bin|tests|bench|infra/local)/' },
    },
    {
      name: 'no-circular',
      comment: 'No cycles of value imports in functions/: such a cycle makes the import order decide what is initialised. (A type-only import or a dynamic import() runs nothing at load.)',
      severity: 'error',
      from: { path: '^functions/', pathNot: TEST },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'no-orphans',
      comment: 'A module in functions/ that nothing imports and that imports nothing is dead code (or a handler the route table forgot).',
      severity: 'error',
      // Two handlers need no module at all (liveness, the socket's default route): infra/routes.ts names them.
      from: { orphan: true, path: '^functions/', pathNot: [TEST, '\\.d\\.ts$', '^functions/platform/http/health\\.ts$', '^functions/features/live/socket/default\\.ts$'] },
      to: {},
    },
    {
      name: 'no-deep-relative-import',
      comment: "No relative import in functions/ climbs more than three levels (../../../../): a module that far away is another part's, to be reached through a nearer one.",
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
