import { buildSync } from 'esbuild';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Grant } from '../grants.js';
import { consumers, realtimeRoutes, routes, schedules, triggers } from '../routes.js';
import { lambdaDefine, lambdaEsbuildApiOptions } from './bundling.js';

/**
 * What the stack grants, and what a handler's code calls.
 *
 * Each row of infra/routes.ts declares its grants (infra/grants.ts); the stack turns each grant into
 * capabilities (below), each capability into IAM statements and environment (functions/grants.ts).
 * A row's grants, not its file's path, decide its permissions.
 *
 * `analyzeHandler` says what a handler's code calls, for tests/infra/security.test.ts to compare
 * with its row: esbuild bundles it as the stack does (tree-shaken), and the grants follow from the
 * adapter modules the bundle keeps (MODULE_GRANTS) and from the adapter operations its own modules'
 * kept code calls (OPERATION_GRANTS). A handler that starts using a client the stack does not know
 * fails the analysis with a message saying where to add it, instead of failing in the cloud with
 * AccessDenied.
 */
export type Capability =
  | 'eventStore'
  /** PutItem of a commit, UpdateItem of its outbox marker and the store's first-day mark. */
  | 'eventStoreAppend'
  /** UpdateItem only: the outbox marker and the sweep mark (the sweeper republishes, never appends). */
  | 'eventStoreMark'
  /** kms:Decrypt of a data key and GetItem of the keys table: whoever reads events opens their personal fields. */
  | 'dataKeysOpen'
  /** kms:GenerateDataKey and PutItem of a new data key: whoever appends seals personal fields. */
  | 'dataKeysSeal'
  /** events:PutEvents on the bus: whoever publishes commits. */
  | 'publish'
  | 'views'
  /** PutItem / BatchWriteItem on the views: the projector and the rebuild. */
  | 'viewsWrite'
  /** UpdateItem on the views: the quota counters (core/quotas.ts). */
  | 'viewsCount'
  /** PutItem / UpdateItem / DeleteItem on the views: idempotency claims (core/idempotency.ts). */
  | 'viewsClaim'
  | 'connections'
  | 'eventbridge'
  | 'cognito'
  /** AdminAddUserToGroup / AdminRemoveUserFromGroup. */
  | 'cognitoGroups'
  /** AdminUserGlobalSignOut. */
  | 'cognitoSignOut'
  /** AdminSetUserPassword: a password reset by our mailed link. */
  | 'cognitoPassword'
  /** AdminDeleteUser: the erasure of an account. */
  | 'cognitoDelete'
  /** AdminGetUser / AdminUpdateUserAttributes: marking a proven e-mail verified. */
  | 'cognitoAttributes'
  /** AdminGetUser only: whether the caller's e-mail is verified (the proof before anything others keep). */
  | 'cognitoRead'
  | 'cognitoTokens'
  | 'uploads'
  /** s3:PutObject: a presigned upload form, the destination of a copy. */
  | 'uploadsPut'
  /** s3:GetObject: a presigned download link, HeadObject, the source of a copy. */
  | 'uploadsGet'
  /** s3:DeleteObject. */
  | 'uploadsDelete'
  /** ListBucketVersions, DeleteObject, DeleteObjectVersion: an erasure's folders. */
  | 'uploadsErase'
  | 'bedrock'
  | 'ses'
  | 'stripe'
  | 'realtime';

/**
 * The grants the rows of infra/routes.ts that name `handler` declare (one function per handler, so
 * its rows must agree).
 */
export function declaredGrants(handler: string): Grant[] {
  const rows = [...routes, ...consumers, ...triggers, ...schedules, ...realtimeRoutes].filter(
    (row) => row.handler === handler,
  );
  if (rows.length === 0) throw new Error(`No row of infra/routes.ts names ${handler}`);
  const sets = new Set(rows.map((row) => [...row.grants].sort().join(' ')));
  if (sets.size > 1)
    throw new Error(
      `The rows of infra/routes.ts that name ${handler} declare different grants (${[...sets].join(' | ')}): one ` +
        `function serves them all.`,
    );
  return [...rows[0]!.grants].sort();
}

/**
 * What each declared grant gives a function: capabilities of functions/grants.ts, each with its IAM and environment.
 */
export const GRANT_CAPABILITIES: Readonly<Record<Grant, readonly Capability[]>> = {
  // Events are read opened and appended sealed (functions/platform/privacy): the data keys go with them.
  'events:read': ['eventStore', 'dataKeysOpen'],
  'events:append': ['eventStoreAppend', 'dataKeysSeal'],
  'events:mark': ['eventStoreMark'],
  'bus:publish': ['eventbridge', 'publish'],
  'views:read': ['views'],
  'views:write': ['viewsWrite'],
  'views:count': ['viewsCount'],
  'views:claim': ['viewsClaim'],
  'connections:*': ['connections'],
  'realtime:post': ['realtime'],
  'identity:verify': ['cognitoTokens'],
  'identity:read': ['cognito', 'cognitoRead'],
  'identity:groups': ['cognito', 'cognitoGroups'],
  'identity:sign-out': ['cognito', 'cognitoSignOut'],
  'identity:password': ['cognito', 'cognitoPassword'],
  'identity:delete': ['cognito', 'cognitoDelete'],
  'identity:attributes': ['cognito', 'cognitoAttributes'],
  'uploads:put': ['uploads', 'uploadsPut'],
  'uploads:get': ['uploads', 'uploadsGet'],
  'uploads:delete': ['uploads', 'uploadsDelete'],
  'uploads:erase': ['uploads', 'uploadsErase'],
  'ai:invoke': ['bedrock'],
  'mail:send': ['ses'],
  'payments:stripe': ['stripe'],
};

/** The capabilities a set of grants gives, sorted (functions with the same set share a role). */
export const capabilitiesOf = (grants: readonly Grant[]): Capability[] =>
  [...new Set(grants.flatMap((grant) => GRANT_CAPABILITIES[grant]))].sort();

/**
 * Adapter modules whose presence in a bundle needs a grant: each reads its table's name (or its
 * service's settings) from the environment and calls the service when used. The identity and
 * storage adapters are absent: what they need depends on the operations called (ADAPTER_OPERATIONS).
 */
export const MODULE_GRANTS: Readonly<Record<string, Grant>> = {
  'functions/platform/event-store/event-log.ts': 'events:read',
  // The codec's keys: reading events opens them (an appender seals, through its append: events:append).
  'functions/platform/privacy/keys-runtime.ts': 'events:read',
  'functions/platform/privacy/data-keys.ts': 'events:read',
  'functions/platform/views/view-reader.ts': 'views:read',
  // The ViewStore: the projector's and the rebuild's writes.
  'functions/platform/views/views.ts': 'views:write',
  // The rebuild's own batches into a new generation (the command line and the embedded stack).
  'functions/app/replay.ts': 'views:write',
  // Quotas and idempotency claims are items of the views table, written through its client.
  'functions/platform/quotas.ts': 'views:count',
  'functions/platform/event-store/idempotency.ts': 'views:claim',
  // The notifications' own items (markers, inbox, read mark, e-mail lines and windows): put, update, delete.
  'functions/features/notifications/store.ts': 'views:claim',
  // The one-time sign-in answers' own items: put, conditional delete.
  'functions/features/users/sign-in-answers.ts': 'views:claim',
  'functions/platform/realtime/connections.ts': 'connections:*',
  'functions/platform/realtime/tokens.ts': 'identity:verify',
  // The bus is built with the appending store (platform/event-store/event-runtime.ts): it names the bus.
  'functions/platform/aws/event-bridge.ts': 'bus:publish',
  'functions/platform/mail/ses-mailer.ts': 'mail:send',
  'functions/features/checklists/estimator/bedrock.ts': 'ai:invoke',
  'functions/platform/realtime/poster.ts': 'realtime:post',
  'functions/features/billing/provider/stripe-provider.ts': 'payments:stripe',
};

/** The adapters whose operations decide the grants: every operation they offer, with its grants. */
export const ADAPTER_OPERATIONS: Readonly<Record<string, Readonly<Record<string, readonly Grant[]>>>> = {
  'functions/platform/aws/identity.ts': {
    addToGroup: ['identity:groups'],
    removeFromGroup: ['identity:groups'],
    globalSignOut: ['identity:sign-out'],
    setPassword: ['identity:password'],
    deleteUser: ['identity:delete'],
    // InitiateAuth is Cognito's public API (no IAM action): it needs the app client's id only.
    verifyPassword: ['identity:verify'],
    markEmailVerified: ['identity:attributes'],
    emailStatus: ['identity:read'],
  },
  'functions/platform/aws/storage.ts': {
    presignUpload: ['uploads:put'],
    presignDownload: ['uploads:get'],
    headObject: ['uploads:get'],
    copyObject: ['uploads:get', 'uploads:put'],
    deleteObject: ['uploads:delete'],
    eraseObjects: ['uploads:erase'],
    getObjectBytes: ['uploads:get'],
    putObject: ['uploads:put'],
    getObjectStream: ['uploads:get'],
    openMultipartUpload: ['uploads:put'],
  },
};

/**
 * Calls of the event store's writing verbs, outside the module that defines them: appending a
 * commit (runCommand), publishing one, sweeping the outbox (which marks and publishes).
 */
export const OPERATION_GRANTS: readonly { call: RegExp; definedIn: string; grants: readonly Grant[] }[] = [
  { call: /\.append\(/, definedIn: 'functions/platform/event-store/event-store.ts', grants: ['events:append'] },
  { call: /\.publish\(/, definedIn: 'functions/platform/event-store/publisher.ts', grants: ['bus:publish'] },
  {
    call: /\bsweepOutbox\(/,
    definedIn: 'functions/platform/event-store/publisher.ts',
    grants: ['events:mark', 'bus:publish'],
  },
  ...Object.entries(ADAPTER_OPERATIONS).flatMap(([adapter, operations]) =>
    Object.entries(operations).map(([operation, grants]) => ({
      call: new RegExp(`\\b${operation}\\(`),
      definedIn: adapter,
      grants,
    })),
  ),
];

/** SDK packages whose presence needs a grant (the table and storage clients are reached through adapters). */
export const PACKAGE_GRANTS: Readonly<Record<string, Grant>> = {
  '@aws-sdk/client-eventbridge': 'bus:publish',
  '@aws-sdk/client-bedrock-runtime': 'ai:invoke',
  '@aws-sdk/client-sesv2': 'mail:send',
  '@aws-sdk/client-ses': 'mail:send',
  stripe: 'payments:stripe',
  '@aws-sdk/client-secrets-manager': 'payments:stripe',
  '@aws-sdk/client-apigatewaymanagementapi': 'realtime:post',
  // Unwraps the data keys of personal fields: whoever reads events.
  '@aws-sdk/client-kms': 'events:read',
};

/** SDK packages the adapters above use and whose grants follow from the adapters' operations. */
const OPERATION_PACKAGES = new Set([
  '@aws-sdk/client-cognito-identity-provider',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-presigned-post',
  '@aws-sdk/s3-request-presigner',
]);

/** DynamoDB is reached through the table adapters above; the client alone says nothing about which table. */
const DYNAMODB_PACKAGES = new Set(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']);
/** Builds the DynamoDB client; imported by the adapters and on its own. */
const DYNAMODB_CLIENT_FACTORY = 'functions/platform/aws/dynamodb.ts';
/** SDK packages that call a service (clients, the document client, the S3 presigners). */
const SERVICE_PACKAGE = /^@aws-sdk\/(client-|lib-dynamodb$|s3-presigned-post$|s3-request-presigner$)/;
/** The only modules that may import one: each maps to the capability its grants follow from. */
const SDK_USERS = new Set([
  ...Object.keys(MODULE_GRANTS),
  ...Object.keys(ADAPTER_OPERATIONS),
  'functions/platform/event-store/event-store.ts',
  DYNAMODB_CLIENT_FACTORY,
]);

/** AWS SDK packages that call no service (helpers, credential plumbing). */
const NEUTRAL_AWS_PACKAGE = /^@aws-sdk\/(?!client-)/;

const packageOf = (specifier: string) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
};

/**
 * The package an import of the metafile reaches (bundled or external), or null (a repository module, a node builtin).
 */
function importedPackage(imported: { path: string; external?: boolean }): string | null {
  if (imported.path.startsWith('node:')) return null;
  if (imported.external) return packageOf(imported.path);
  const at = imported.path.lastIndexOf('node_modules/');
  return at < 0 ? null : packageOf(imported.path.slice(at + 'node_modules/'.length));
}

export interface HandlerAnalysis {
  /** The packages that the repository modules left in the bundle import (node builtins excluded). */
  packages: string[];
  /** Repository modules left in the bundle after tree shaking. */
  modules: string[];
  /** What the kept code calls: the grants its row must declare. */
  grants: Grant[];
}

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cache = new Map<string, HandlerAnalysis>();

/** Resolves `handler` (relative to `projectRoot`) and returns what its kept code calls. */
export function analyzeHandler(projectRoot: string, handler: string): HandlerAnalysis {
  const key = path.resolve(projectRoot, handler);
  const cached = cache.get(key);
  if (cached) return cached;
  const options = lambdaEsbuildApiOptions();
  const result = buildSync({
    // As the stack bundles it (bundling.ts), packages included, so that what tree shaking drops is
    // dropped here too (with packages external, esbuild keeps every import of a package in case it
    // has side effects, and with it the module that imports it, and that module's grants); the
    // aliases point into this repository (the credentials module, the one copy of a package); the
    // route rules built in, not the route table.
    ...options,
    alias: Object.fromEntries(
      Object.entries(options.alias).map(([name, target]) => [name, path.resolve(REPOSITORY_ROOT, target)]),
    ),
    // Unminified: what survives minification's dead-code removal stays granted, the cautious side.
    minify: false,
    sourcemap: false,
    absWorkingDir: projectRoot,
    entryPoints: [key],
    write: false,
    metafile: true,
    define: lambdaDefine(handler),
    outdir: 'analysis',
    logLevel: 'silent',
  });
  const inputs = result.metafile!.inputs;
  const modules = new Set<string>();
  for (const output of Object.values(result.metafile!.outputs)) {
    for (const [file, input] of Object.entries(output.inputs))
      if (input.bytesInOutput > 0 && !file.includes('node_modules/')) modules.add(file);
  }
  const grants = new Set<Grant>();
  const used = new Set<string>();
  // The kept code of each repository module: esbuild heads each module's part of an unminified
  // bundle with a comment naming it. A part that only runs other modules' lazy initialisers
  // (`init_x();`) keeps none of the module's own code: the module is not used.
  const text = result.outputFiles!.find((file) => /\.m?js$/.test(file.path))!.text;
  for (const part of text.split(/^\/\/ (?=\S+\.(?:ts|js|mjs|cjs)$)/m).slice(1)) {
    const module = part.slice(0, part.indexOf('\n'));
    if (module.includes('node_modules/')) continue;
    const code = part
      .slice(module.length)
      .replace(/^\s*init_\w+\(\);\s*$/gm, '')
      .trim();
    if (!code) continue;
    used.add(module);
    const grant = MODULE_GRANTS[module];
    if (grant) grants.add(grant);
    for (const { call, definedIn, grants: needed } of OPERATION_GRANTS) {
      if (module !== definedIn && call.test(code)) for (const grant of needed) grants.add(grant);
    }
  }
  // The packages the repository's modules whose code is used import (node builtins excluded).
  const packages = new Set<string>();
  for (const module of used) {
    for (const imported of inputs[module]?.imports ?? []) {
      const pkg = importedPackage(imported);
      if (pkg) packages.add(pkg);
    }
  }

  for (const pkg of packages) {
    const grant = PACKAGE_GRANTS[pkg];
    if (grant) grants.add(grant);
    else if (
      pkg.startsWith('@aws-sdk/') &&
      !NEUTRAL_AWS_PACKAGE.test(pkg) &&
      !DYNAMODB_PACKAGES.has(pkg) &&
      !OPERATION_PACKAGES.has(pkg)
    ) {
      throw new Error(
        `${handler} imports ${pkg}, which the cloud stack does not know how to grant. ` +
          ('Add a grant for it to infra/grants.ts, PACKAGE_GRANTS and GRANT_CAPABILITIES in ' +
            'infra/stack/capabilities.ts, and its IAM to infra/stack/functions/grants.ts.'),
      );
    }
  }
  const importers = (test: (pkg: string) => boolean) =>
    [...modules].filter((file) => inputs[file]?.imports.some((imported) => test(importedPackage(imported) ?? '')));
  // A module outside the adapters that talks to AWS itself would get no grants (or the wrong ones):
  // every SDK client is used through one adapter module, which is what the grants are derived from.
  const direct = importers((pkg) => SERVICE_PACKAGE.test(pkg)).filter((file) => !SDK_USERS.has(file));
  if (direct.length > 0) {
    throw new Error(
      `${handler}: ${direct.join(', ')} call AWS through the SDK outside the adapter modules ` +
        `(${[...SDK_USERS].join(', ')}); ` +
        ('the stack cannot tell what to grant. Go through an adapter, or add the module to MODULE_GRANTS in ' +
          'infra/stack/capabilities.ts and its IAM to infra/stack/functions/grants.ts.'),
    );
  }
  const analysis = { packages: [...packages].sort(), modules: [...modules].sort(), grants: [...grants].sort() };
  cache.set(key, analysis);
  return analysis;
}
