/**
 * The one description of how a Lambda handler is bundled. The stack hands it to NodejsFunction
 * (which runs esbuild locally, never Docker) and `npm run bundle:report` hands the same values to
 * esbuild's API, so the sizes the report prints are the sizes that get deployed.
 */
export const LAMBDA_NODE_TARGET = 'node22';

/**
 * Some CommonJS packages call `require()` for Node built-ins; in an ES module bundle esbuild routes
 * those through `require`, which ESM does not define. This restores it.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __dcCreateRequire } from 'node:module';const require = __dcCreateRequire(import.meta.url);";

/**
 * Package → replacement (relative to the repository root, where esbuild runs). See
 * lambda-credentials.ts: in Lambda only the environment link of the credential chain is ever used.
 */
export const LAMBDA_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './infra/stack/lambda-credentials.ts',
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
  /** Everything is bundled, the AWS SDK v3 included, so only the commands a handler uses ship. */
  external: [] as string[],
  alias: LAMBDA_ALIASES,
} as const;
