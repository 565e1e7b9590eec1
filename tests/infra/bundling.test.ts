/**
 * The Lambda bundles' budget: each handler of infra/routes.ts bundled as the stack bundles it
 * (infra/stack/bundling.ts: minified, the same externals, aliases and per-handler `define`s), its size
 * held under a budget a little above today's (what a cold start downloads and parses grows only on
 * purpose). Which modules a bundle holds is not asserted: the folder rules are in .dependency-cruiser.cjs,
 * init time is a figure of `npm run bundle:report` (bench/bundle-report.ts), whose `--why TEXT`
 * says what weighs in a bundle.
 */
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../../infra/routes.js';
import { DEDUPED_PACKAGES, LAMBDA_ALIASES, lambdaDefine, lambdaEsbuildApiOptions } from '../../infra/stack/bundling.js';
import { ROOT } from './support/synth.js';

const handlers = [
  ...new Set([...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].map((row) => row.handler)),
].sort();

/**
 * Handler → its bundle's budget in KB (1024 bytes of minified code, source map aside): today's size plus
 * 5 % (at least 5 KB), rounded up to 5 KB. Sizes measured 2026-11-27. A handler that grows past its
 * budget either loses the weight (`npm run bundle:report -- --why <handler>`) or raises its row here,
 * saying why in the commit; a new handler adds its row.
 */
const BUDGET_KB: Readonly<Record<string, number>> = {
  // Issue 47: every handler that reads or appends events opens or seals personal fields: the KMS client and
  // the codec, about 25 KB; the raised rows were measured on 2026-11-29.
  'functions/app/outbox-sweeper.ts': 380,
  'functions/app/projections-consumer.ts': 440,
  'functions/features/activity/http/global.ts': 360,
  'functions/features/activity/http/project.ts': 275,
  'functions/features/audit/http/get.ts': 370,
  'functions/features/billing/http/checkout.ts': 690,
  'functions/features/billing/http/portal.ts': 640,
  'functions/features/billing/http/subscription.ts': 260,
  'functions/features/billing/http/sync.ts': 690,
  'functions/features/billing/http/webhook.ts': 690,
  'functions/features/checklists/http/generate.ts': 435,
  'functions/features/designers/http/add.ts': 485,
  'functions/features/designers/http/invite-accept.ts': 435,
  'functions/features/designers/http/invite-details.ts': 360,
  'functions/features/designers/http/link.ts': 265,
  'functions/features/designers/http/list.ts': 280,
  'functions/features/designers/http/remove.ts': 390,
  'functions/features/designers/http/resend.ts': 485,
  'functions/features/designers/http/revoke-sessions.ts': 400,
  'functions/features/designers/http/update.ts': 395,
  // Download My Data (measured 2026-11-29 with the data keys' KMS client): the presigner in the download,
  // the zip writer (fflate) and the S3 multipart upload in the builder.
  'functions/features/exports/http/download.ts': 520,
  'functions/features/exports/http/get.ts': 350,
  'functions/features/exports/http/request.ts': 385,
  'functions/features/exports/reactions/build.ts': 655,
  'functions/features/files/http/download.ts': 540,
  // Issue 41: pdf-lib counts a deliverable's pages on the server (about 430 KB); measured 926 KB on 2026-11-28.
  'functions/features/files/http/record.ts': 975,
  'functions/features/files/http/upload.ts': 550,
  'functions/features/insights/http/get.ts': 290,
  'functions/features/live/socket/connect.ts': 280,
  'functions/features/live/socket/default.ts': 10,
  'functions/features/live/socket/disconnect.ts': 220,
  'functions/features/notifications/http/list.ts': 285,
  'functions/features/notifications/http/mail-test.ts': 410,
  'functions/features/notifications/http/preferences-get.ts': 260,
  'functions/features/notifications/http/preferences.ts': 395,
  'functions/features/notifications/http/read.ts': 290,
  'functions/features/notifications/http/unsubscribe-ask.ts': 275,
  'functions/features/notifications/http/unsubscribe.ts': 400,
  'functions/features/notifications/reactions/consumer.ts': 480,
  'functions/features/notifications/reactions/digest.ts': 390,
  'functions/features/notifications/reactions/flush.ts': 390,
  'functions/features/projects/http/bulk.ts': 405,
  'functions/features/projects/http/comment-moderate.ts': 405,
  'functions/features/projects/http/comment-post.ts': 405,
  'functions/features/projects/http/create.ts': 420,
  'functions/features/projects/http/get.ts': 275,
  'functions/features/projects/http/list.ts': 290,
  'functions/features/projects/http/moderation-list.ts': 280,
  'functions/features/projects/http/tasks.ts': 400,
  'functions/features/projects/http/update.ts': 405,
  'functions/features/reviews/http/action.ts': 405,
  'functions/features/reviews/http/get.ts': 365,
  'functions/features/teams/http/create.ts': 440,
  'functions/features/teams/http/get.ts': 260,
  'functions/features/teams/http/invite-accept.ts': 440,
  'functions/features/teams/http/invite-create.ts': 530,
  'functions/features/teams/http/invite-details.ts': 360,
  'functions/features/teams/http/invite-resend.ts': 530,
  'functions/features/teams/http/invite-revoke.ts': 400,
  'functions/features/teams/http/member-remove.ts': 395,
  'functions/features/teams/http/member-role.ts': 395,
  'functions/features/users/http/admin-get.ts': 275,
  'functions/features/users/http/admin-list.ts': 280,
  'functions/features/users/http/email-proof.ts': 435,
  'functions/features/users/http/me.ts': 260,
  'functions/features/users/http/password-reset.ts': 530,
  'functions/features/users/http/profile.ts': 395,
  'functions/features/users/http/sessions-revoke.ts': 400,
  'functions/features/users/reactions/cognito-groups.ts': 395,
  'functions/features/users/reactions/sessions.ts': 460,
  'functions/features/users/triggers/create-auth-challenge.ts': 50,
  'functions/features/users/triggers/custom-message.ts': 45,
  'functions/features/users/triggers/define-auth-challenge.ts': 50,
  'functions/features/users/triggers/post-confirmation.ts': 390,
  'functions/features/users/triggers/pre-sign-up.ts': 360,
  // The custom challenge's answer check (measured 2026-11-29): the views client, no event store.
  'functions/features/users/triggers/verify-auth-challenge.ts': 265,
  'functions/platform/http/health.ts': 10,
  // This round: the City Review's handlers (read-letter carries pdf.js to read a letter's text) and the welcome.
  'functions/features/permits/http/action.ts': 410,
  'functions/features/permits/http/draft-response.ts': 495,
  'functions/features/permits/http/get.ts': 365,
  'functions/features/permits/http/read-letter.ts': 2330,
  'functions/features/permits/http/response-letter.ts': 1020,
  'functions/features/permits/reactions/notify.ts': 480,
  'functions/features/users/http/welcome.ts': 395,
  // This round (measured 2026-11-29): the erasure. Its reactor carries every projection (it rebuilds
  // the touched streams' views), the Stripe client, S3 and Cognito: 922 KB, for a rare event.
  'functions/app/erasure.ts': 930,
  'functions/features/users/http/erase.ts': 425,
  'functions/features/users/http/admin-erase.ts': 425,
  'functions/features/users/http/admin-erasures.ts': 265,
};

/** Handler → its bundle's size in KB and, per package it bundles, the directories it came from. */
const bundles = new Map<string, { kb: number; packages: Map<string, Set<string>> }>();

beforeAll(async () => {
  await Promise.all(
    handlers.map(async (handler) => {
      const result = await build({
        absWorkingDir: ROOT,
        entryPoints: [handler],
        outfile: 'bundle-test/index.mjs',
        write: false,
        metafile: true,
        logLevel: 'silent',
        ...lambdaEsbuildApiOptions(),
        sourcemap: false,
        define: lambdaDefine(handler),
      });
      const output = Object.values((result.metafile as Metafile).outputs).find((out) => out.entryPoint)!;
      const packages = new Map<string, Set<string>>();
      for (const [input, info] of Object.entries(output.inputs)) {
        const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
        if (match && info.bytesInOutput > 0)
          packages.set(match[2]!, (packages.get(match[2]!) ?? new Set()).add(match[1]!));
      }
      bundles.set(handler, { kb: output.bytes / 1024, packages });
    }),
  );
}, 300_000);

describe('Lambda bundles', () => {
  it('every handler has a budget, and every budget a handler', () => {
    expect(Object.keys(BUDGET_KB).sort()).toEqual(handlers);
  });

  it.each(handlers)('%s stays within its size budget', (handler) => {
    const { kb } = bundles.get(handler)!;
    expect(
      Math.round(kb * 10) / 10,
      `${handler}: ${kb.toFixed(1)} KB, budget ${BUDGET_KB[handler]} KB`,
    ).toBeLessThanOrEqual(BUDGET_KB[handler] ?? 0);
  });

  it('bundle each package from one directory only (a nested second copy goes in DEDUPED_PACKAGES)', () => {
    const twice = [...bundles].flatMap(([handler, { packages }]) =>
      [...packages]
        .filter(([, dirs]) => dirs.size > 1)
        .map(([name, dirs]) => `${handler}: ${name} from ${[...dirs].join(' and ')}`),
    );
    expect(twice).toEqual([]);
  });

  it('are built with aliases whose targets exist', () => {
    for (const target of Object.values(LAMBDA_ALIASES)) expect(existsSync(path.join(ROOT, target)), target).toBe(true);
    for (const name of DEDUPED_PACKAGES) expect(LAMBDA_ALIASES[name]).toBe(`./node_modules/${name}`);
  });

  it("define the checklist route's Bedrock tool schema at build time, the same as zod makes it", async () => {
    const { checklistAnswerJsonSchema } = await import('../../functions/features/checklists/estimator/schema.js');
    const defined = JSON.parse(
      JSON.parse(lambdaDefine('functions/features/checklists/http/generate.ts').__CHECKLIST_TOOL_SCHEMA__!) as string,
    );
    expect(defined).toEqual(checklistAnswerJsonSchema());
    expect(defined.required).toEqual(['checklist', 'total_estimated_hours', 'suggested_turnaround_days']);
  });
});

describe('the event catalogue at import', () => {
  /**
   * Every schema factory of zod/mini (and of z.iso, z.coerce) counted, for a bundle of the catalogue
   * in which events/zod.ts gets the counting copy: what the catalogue builds by being imported.
   */
  async function catalogueCountingSchemas(): Promise<{
    built: () => number;
    catalogue: typeof import('../../functions/app/catalogue.js').catalogue;
  }> {
    const zod = (await import('zod/mini')) as unknown as Record<string, object>;
    // `config` sets the message locale (events/zod.ts), `registry` holds the personal-data marks (events/personal.ts):
    // neither is a schema.
    const isFactory = (name: string) =>
      /^[a-z_]/.test(name) && !['config', 'registry'].includes(name) && typeof zod[name] === 'function';
    const counted = (names: string[], from: string) =>
      names
        .filter(isFactory)
        .map(
          (name) =>
            `const counted_${name} = (...a) => (count(), ${from}.${name}(...a)); export { counted_${name} as ${name} ` +
            `};`,
        );
    const namespaces = ['iso', 'coerce'].map(
      (space) =>
        `export const ${space} = { ${Object.keys(zod[space]!)
          .map((name) => `${name}: (...a) => (count(), real.${space}.${name}(...a))`)
          .join(', ')} };`,
    );
    const plain = Object.keys(zod).filter((name) => !isFactory(name) && !['iso', 'coerce'].includes(name));
    const counting = [
      "import * as real from 'zod/mini';",
      'let built = 0; const count = () => { built += 1; }; export const __built = () => built;',
      `export { ${plain.join(', ')} } from 'zod/mini';`,
      ...counted(Object.keys(zod), 'real'),
      ...namespaces,
    ].join('\n');
    const result = await build({
      absWorkingDir: ROOT,
      stdin: {
        contents: "export { catalogue } from './functions/app/catalogue.ts'; export { __built } from 'counting-zod';",
        resolveDir: ROOT,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      logLevel: 'silent',
      plugins: [
        {
          name: 'counting-zod',
          setup(plugin) {
            plugin.onResolve({ filter: /^(zod\/mini|counting-zod)$/ }, (args) =>
              args.path === 'counting-zod' || args.importer.endsWith(`events${path.sep}zod.ts`)
                ? { path: 'counting-zod', namespace: 'counting' }
                : undefined,
            );
            plugin.onLoad({ filter: /.*/, namespace: 'counting' }, () => ({
              contents: counting,
              resolveDir: ROOT,
              loader: 'js',
            }));
          },
        },
      ],
    });
    const module = await import(
      `data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.text).toString('base64')}`
    );
    return { built: module.__built, catalogue: module.catalogue };
  }

  it(
    'builds no schema: event types and the shapes they share are built when first read or written (a cold start ' +
      'pays only for its own)',
    async () => {
      const { built, catalogue } = await catalogueCountingSchemas();
      expect(catalogue.types().length).toBeGreaterThan(30);
      expect(built()).toBe(0);
      // The count is live: reading one type's schema builds it (and only then).
      void catalogue.get('ProjectSubmitted')!.schema;
      expect(built()).toBeGreaterThan(20);
    },
  );
});
