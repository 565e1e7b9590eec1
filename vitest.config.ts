import { defineConfig } from 'vitest/config';

/**
 * Four projects: unit (pure, no I/O), integration (against the embedded stack, in memory, random
 * ports), infra (CDK template assertions) and rehearsal (the synthesized assembly run as AWS would). Browser tests run
 * under Playwright, not here.
 */
export default defineConfig({
  test: {
    projects: [
      // Groups run one after another (unit, then infra, then integration), each with its own workers.
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'functions/**/*.test.ts'],
          exclude: ['functions/**/*.integration.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'functions/**/*.integration.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 600_000,
          sequence: { groupOrder: 1 },
        },
      },
      // The rehearsal (docs/testing.md): one real synth per run (global setup), the journey and the break tests.
      {
        test: {
          name: 'rehearsal',
          include: ['tests/rehearsal/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/rehearsal/global-setup.ts'],
          testTimeout: 1_200_000,
          hookTimeout: 1_200_000,
          pool: 'forks',
          maxWorkers: 2,
          // Each rehearsal is a machine's worth of processes: two at a time.
          maxConcurrency: 2,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
