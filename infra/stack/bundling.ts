/**
 * The one description of how a Lambda handler is bundled. The stack hands it to NodejsFunction
 * (which runs esbuild locally, never Docker) and `npm run bundle:report` hands the same values to
 * esbuild's API, so the sizes the report prints are the sizes that get deployed.
 *
 * Handlers reach AWS through the SDK v3 clients (functions/adapters, one module per service), and
 * bundle them rather than leave them to the copy the Lambda runtime provides (CDK's default for
 * Node ≥ 18 marks `@aws-sdk/*` external):
 * `npm run bundle:report -- --sdk-external` shows the cold start getting
 * worse, not better: the runtime's SDK is loaded as whole CommonJS packages (every command of a
 * client, the full credential chain) instead of the tree-shaken, minified parts a handler uses,
 * about 2.3× the init time of the bundled handler (median +140 ms on the measuring machine). And the
 * runtime's SDK is whatever version Lambda ships, not the one package-lock.json pins and the tests
 * run. The AWS SDK team gives the same advice for cold-start-sensitive functions: bundle the SDK.
 */
import type { BuildOptions } from 'esbuild';
import { routeKey, routes } from '../routes.js';
import { checklistAnswerJsonSchema } from '../../functions/features/checklists/estimator/schema.js';

/** Lambda's Node.js runtime of every project function, and esbuild's target to match it. */
export const LAMBDA_NODE_TARGET = 'node24';

/**
 * Some CommonJS packages call `require()` for Node built-ins; in an ES module bundle esbuild routes
 * those through `require`, which ESM does not define. This restores it.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __dcCreateRequire } from 'node:module';const require = " +
  '__dcCreateRequire(import.meta.url);';

/**
 * Packages npm installed more than once, each bundled from the root node_modules copy only. None
 * today: `@aws-sdk/s3-presigned-post` pins `@aws-sdk/client-s3` to an exact version, and
 * package.json pins the same one, so npm keeps one copy. Should they drift apart, npm nests a
 * second client-s3 under the presigner and a handler that presigns and also uses the client ships
 * both (about 73 KB more): list it here. tests/infra/bundling.test.ts fails if any package is bundled
 * from two places; `npm run bundle:report` names it.
 */
export const DEDUPED_PACKAGES: readonly string[] = [];

/**
 * Package → replacement (relative to the repository root, where esbuild runs). See
 * lambda-credentials.ts: in Lambda only the environment link of the credential chain is ever used.
 * An alias turns a package into a path, which an `external` pattern no longer matches: should the
 * SDK ever go external, drop the `@aws-sdk/*` aliases with it (bundle-report's --sdk-external does).
 */
export const LAMBDA_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './infra/stack/lambda-credentials.ts',
  ...Object.fromEntries(DEDUPED_PACKAGES.map((name) => [name, `./node_modules/${name}`])),
};

export const LAMBDA_ESBUILD = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  minify: true,
  sourcemap: true,
  /** Stack traces only need names and lines; leaving sources out keeps the map small. */
  sourcesContent: false,
  /** Non-ASCII stays as is instead of \uXXXX escapes (Node reads the bundle as UTF-8). */
  charset: 'utf8',
  /** Prefer the ES module builds (the AWS SDK v3 ships them): they tree-shake. */
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  /**
   * Everything is bundled, the AWS SDK v3 included, so only the code a handler uses ships (see above),
   * except the Powertools Tracer: with the X-Ray SDK it adds about 120 KB to every handler
   * (`npx tsx bench/observability-cost.ts`), so functions/platform/observability/tracing.ts loads it only
   * when tracing is on, and then from the Powertools Lambda layer the stack adds (functions.ts).
   */
  external: ['@aws-lambda-powertools/tracer'] as string[],
  alias: LAMBDA_ALIASES,
} as const;

/** The same options for esbuild's own API (the bundle report, the bundling tests). */
export function lambdaEsbuildApiOptions() {
  return {
    bundle: LAMBDA_ESBUILD.bundle,
    platform: LAMBDA_ESBUILD.platform,
    format: LAMBDA_ESBUILD.format,
    target: LAMBDA_ESBUILD.target,
    minify: LAMBDA_ESBUILD.minify,
    sourcemap: LAMBDA_ESBUILD.sourcemap,
    sourcesContent: LAMBDA_ESBUILD.sourcesContent,
    charset: LAMBDA_ESBUILD.charset,
    mainFields: [...LAMBDA_ESBUILD.mainFields],
    banner: { js: LAMBDA_ESBUILD.banner },
    external: [...LAMBDA_ESBUILD.external],
    alias: { ...LAMBDA_ESBUILD.alias },
  } satisfies BuildOptions;
}

/**
 * esbuild `define`s for one handler's bundle:
 * - `__ROUTE_RULES__`: the access rules (role, refusal wording) of the routes of infra/routes.ts it
 *   serves, which functions/platform/http/middleware.ts reads instead of importing the whole route table (its
 *   summaries, every other route's row); `{}` for a handler serving no route;
 * - `__ROUTE_TAKES_POST__`: whether one of them is a POST, the only method that claims idempotency
 *   keys: a handler for GET, PATCH or DELETE routes bundles no claim code (true for a handler serving
 *   no route: it has no HTTP chain);
 * - `__CHECKLIST_TOOL_SCHEMA__`: the Bedrock checklist tool's input schema, generated from its zod
 *   schema now rather than by every cold start of the checklist route (with zod's JSON Schema
 *   generator in its bundle).
 */
let checklistToolSchema: string | undefined;

export function lambdaDefine(handler: string): Record<string, string> {
  const served = routes.filter((route) => route.handler === handler);
  const rules = Object.fromEntries(
    served.map((route) => [
      routeKey(route),
      { access: route.access, ...(route.denied ? { denied: route.denied } : {}) },
    ]),
  );
  return {
    __ROUTE_RULES__: JSON.stringify(JSON.stringify(rules)),
    __ROUTE_TAKES_POST__: String(served.length === 0 || served.some((route) => route.method === 'POST')),
    // Made once per build, not per handler (the synth and the access analysis ask for every handler).
    __CHECKLIST_TOOL_SCHEMA__: (checklistToolSchema ??= JSON.stringify(JSON.stringify(checklistAnswerJsonSchema()))),
  };
}
