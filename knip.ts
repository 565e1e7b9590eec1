// The dead-code check (`npm run knip`, a step of `npm test`): unused files, exports, types and dependencies.
// Entries are what runs without being imported: the command-line tools, the handlers the route table names by
// path (infra/routes.ts), the SPA's entry, tests and their child processes, benchmarks and the tools' configs.
import type { KnipConfig } from 'knip';
import { consumers, realtimeRoutes, routes, schedules, triggers } from './infra/routes.ts';

const handlers = [...routes, ...consumers, ...realtimeRoutes, ...triggers, ...schedules].map((row) => row.handler);

export default {
  // An export its own module also uses (a limit, a key builder) is part of what the module offers and costs nothing
  // unused elsewhere; the check reports exports, types and files nothing uses at all.
  ignoreExportsUsedInFile: true,
  entry: [
    'bin/*.{ts,mjs}',
    ...new Set(handlers),
    'tests/**/*.{test,spec}.{ts,tsx}',
    'functions/**/*.test.ts',
    // Started as child processes by path (tests/e2e/support/fixtures.ts, tests/integration/crash-recovery.test.ts).
    'tests/e2e/support/runtime-process.ts',
    'tests/support/runtime-child.ts',
    // esbuild bundles it in place of @aws-sdk/credential-provider-node (an alias in infra/stack/bundling.ts).
    'infra/stack/lambda-credentials.ts',
    'bench/*.ts',
  ],
  project: [
    'bin/**/*.{ts,mjs}',
    'functions/**/*.ts',
    'infra/**/*.ts',
    'events/**/*.ts',
    'shared/**/*.ts',
    'web/src/**/*.{ts,tsx}',
    'web/*.ts',
    'web/build/**/*.ts',
    'tests/**/*.ts',
    'bench/**/*.ts',
  ],
  ignoreDependencies: [
    // Named by string, never imported: the esbuild alias above replaces it in every Lambda bundle.
    '@aws-sdk/credential-provider-node',
    // Run by path (node_modules/.bin/lighthouse) from the Lighthouse benchmarks.
    'lighthouse',
    // Parts of the SDK that the SDK-cost benchmark and the deploy preflight's credential type reach directly;
    // they come with every AWS SDK client, at the client's version.
    '@aws-sdk/util-dynamodb',
    '@smithy/types',
    // The profile benchmark maps Lighthouse's trace back to sources with Vite's own source-map reader.
    'source-map-js',
  ],
  // The SPA loads its Amplify module lazily (web/src/app/auth/auth-loader.ts: `import('./auth.js')`, then `auth.x`),
  // which knip does not follow: every export there would read as unused.
  ignoreIssues: { 'web/src/app/auth/auth.ts': ['exports', 'types'] },
} satisfies KnipConfig;
