// The dead-code check (`npm run knip`, a step of `npm test`): unused files, exports and dependencies.
// Entries are what runs without being imported: the command-line tools, the handlers the route table
// names by path (infra/routes.ts), the SPA's entry, tests, benchmarks and the tools' configs.
import type { KnipConfig } from 'knip';
import { consumers, realtimeRoutes, routes, schedules, triggers } from './infra/routes.ts';

const handlers = [...routes, ...consumers, ...realtimeRoutes, ...triggers, ...schedules].map((row) => row.handler);

export default {
  entry: [
    'bin/*.{ts,mjs}',
    ...new Set(handlers),
    'web/src/main.tsx',
    'web/vite.config.ts',
    'tests/**/*.{test,spec}.{ts,tsx}',
    'functions/**/*.test.ts',
    'tests/e2e/support/global-setup.ts',
    'bench/*.ts',
    'vitest.config.ts',
    'playwright.config.ts',
  ],
  project: ['bin/**/*.{ts,mjs}', 'functions/**/*.ts', 'infra/**/*.ts', 'events/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}', 'web/*.ts', 'web/build/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
} satisfies KnipConfig;
