import { buildSync } from 'esbuild';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lambdaDefine, lambdaEsbuildApiOptions } from './bundling.js';

/**
 * What a handler may touch in AWS, derived from the code rather than listed by hand: esbuild
 * resolves the handler's import graph (our modules bundled and tree-shaken, packages left external),
 * and each adapter module or AWS SDK client (or Stripe) the graph keeps maps to one capability, i.e.
 * one set of grants and environment variables (functions.ts). A new handler gets exactly the
 * permissions its imports need; a handler that starts using a client the stack does not know fails
 * the synth with a message saying where to add it, instead of failing in the cloud with AccessDenied.
 *
 * The grain is the module: a handler that keeps a module which imports a client gets that client's
 * grants even if its code path never calls it. Where one adapter does both reading and writing (the
 * event store, the views), reading comes with the adapter and each writing verb with the modules
 * that call it (VERB_MODULES): a query handler keeps the store's module but not the command module
 * that appends, so it may Query the events table and not PutItem on it.
 */
export type Capability =
  | 'eventStore'
  /** PutItem of a commit, UpdateItem of its outbox marker and the store's first-day mark. */
  | 'eventStoreAppend'
  /** UpdateItem only: the outbox marker and the sweep mark (the sweeper republishes, never appends). */
  | 'eventStoreMark'
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
  | 'bedrock'
  | 'ses'
  | 'stripe'
  | 'realtime';

/** Our adapters that call a service through its AWS SDK v3 client (one module per service). */
const SERVICE_MODULES: Readonly<Record<string, Capability>> = {
  'functions/platform/aws/event-bridge.ts': 'eventbridge',
  'functions/platform/aws/identity.ts': 'cognito',
  'functions/platform/mail/ses-mailer.ts': 'ses',
  'functions/features/checklists/estimator/bedrock.ts': 'bedrock',
  'functions/platform/realtime/poster.ts': 'realtime',
  'functions/platform/aws/storage.ts': 'uploads',
  'functions/features/billing/provider/stripe-provider.ts': 'stripe',
};

/** Our adapter modules that name a table (or the pool) in their environment, or call a service. */
export const CAPABILITY_MODULES: Readonly<Record<string, Capability>> = {
  'functions/platform/event-store/event-log.ts': 'eventStore',
  'functions/platform/event-store/event-store.ts': 'eventStore',
  'functions/platform/views/view-reader.ts': 'views',
  'functions/platform/views/views.ts': 'views',
  // Quotas and idempotency claims are items of the views table, written through its client.
  'functions/platform/quotas.ts': 'views',
  'functions/platform/event-store/idempotency.ts': 'views',
  'functions/features/notifications/store.ts': 'views',
  'functions/platform/realtime/connections.ts': 'connections',
  'functions/platform/realtime/tokens.ts': 'cognitoTokens',
  ...SERVICE_MODULES,
};

/**
 * The modules that call a writing verb of an adapter (tests/infra/security.test.ts finds every
 * caller in functions/ and fails if one is missing here). Paths move with the modules.
 */
export const VERB_MODULES: Readonly<Record<string, readonly Capability[]>> = {
  'functions/platform/event-store/command.ts': ['eventStoreAppend', 'publish'],
  'functions/app/outbox-sweeper.ts': ['eventStoreMark', 'publish'],
  // The projector writes the views; these construct it (projector.ts also holds key helpers that readers import).
  'functions/app/projections-consumer.ts': ['viewsWrite'],
  'functions/app/replay.ts': ['viewsWrite'],
  // Records the views' layout on the generation pointer (the command line and the embedded stack only).
  'functions/app/views-layout.ts': ['viewsWrite'],
  // They write their own items in the views table, beside the projections.
  'functions/platform/quotas.ts': ['viewsCount'],
  'functions/platform/event-store/idempotency.ts': ['viewsClaim'],
  // The notifications' own items (markers, inbox, read mark, e-mail lines and windows): put, update, delete.
  'functions/features/notifications/store.ts': ['viewsClaim'],
  // Callers of the identity and storage adapters' operations (ADAPTER_OPERATIONS).
  'functions/features/users/reactions/cognito-groups.ts': ['cognitoGroups'],
  'functions/features/users/reactions/sessions.ts': ['cognitoSignOut'],
  'functions/platform/http/email-proof.ts': ['cognitoRead'],
  'functions/features/users/password-reset/link.ts': ['cognitoPassword', 'cognitoAttributes'],
  'functions/features/files/http/upload.ts': ['uploadsPut'],
  'functions/features/files/http/record.ts': ['uploadsGet', 'uploadsPut', 'uploadsDelete'],
  'functions/features/files/http/download.ts': ['uploadsGet'],
};

/**
 * The operations of the adapters whose verbs VERB_MODULES grants to their callers: every operation
 * an adapter offers is listed with its verbs, and every module that calls one must carry them in
 * VERB_MODULES (tests/infra/security.test.ts checks both against the source).
 */
export const ADAPTER_OPERATIONS: Readonly<Record<string, Readonly<Record<string, readonly Capability[]>>>> = {
  'functions/platform/aws/identity.ts': {
    addToGroup: ['cognitoGroups'],
    removeFromGroup: ['cognitoGroups'],
    globalSignOut: ['cognitoSignOut'],
    setPassword: ['cognitoPassword'],
    markEmailVerified: ['cognitoAttributes'],
    emailStatus: ['cognitoRead'],
  },
  'functions/platform/aws/storage.ts': {
    presignUpload: ['uploadsPut'],
    presignDownload: ['uploadsGet'],
    headObject: ['uploadsGet'],
    copyObject: ['uploadsGet', 'uploadsPut'],
    deleteObject: ['uploadsDelete'],
  },
};

export const CAPABILITY_PACKAGES: Readonly<Record<string, Capability>> = {
  '@aws-sdk/client-eventbridge': 'eventbridge',
  '@aws-sdk/client-cognito-identity-provider': 'cognito',
  '@aws-sdk/client-s3': 'uploads',
  '@aws-sdk/s3-presigned-post': 'uploads',
  '@aws-sdk/s3-request-presigner': 'uploads',
  '@aws-sdk/client-bedrock-runtime': 'bedrock',
  '@aws-sdk/client-sesv2': 'ses',
  '@aws-sdk/client-ses': 'ses',
  stripe: 'stripe',
  '@aws-sdk/client-secrets-manager': 'stripe',
  '@aws-sdk/client-apigatewaymanagementapi': 'realtime',
};

/** DynamoDB is reached through the table adapters above; the client alone says nothing about which table. */
const DYNAMODB_PACKAGES = new Set(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb']);
/** Builds the DynamoDB client; imported by the adapters and on its own. */
const DYNAMODB_CLIENT_FACTORY = 'functions/platform/aws/dynamodb.ts';
/** SDK packages that call a service (clients, the document client, the S3 presigners). */
const SERVICE_PACKAGE = /^@aws-sdk\/(client-|lib-dynamodb$|s3-presigned-post$|s3-request-presigner$)/;
/** The only modules that may import one: each maps to the capability its grants follow from. */
const SDK_USERS = new Set([...Object.keys(CAPABILITY_MODULES), DYNAMODB_CLIENT_FACTORY]);

/** AWS SDK packages that call no service (helpers, credential plumbing). */
const NEUTRAL_AWS_PACKAGE = /^@aws-sdk\/(?!client-)/;

const packageOf = (specifier: string) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
};

/** The package an import of the metafile reaches (bundled or external), or null (a repository module, a node builtin). */
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
  capabilities: Capability[];
}

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cache = new Map<string, HandlerAnalysis>();

/** Resolves `handler` (relative to `projectRoot`) and returns the capabilities its imports need. */
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
    alias: Object.fromEntries(Object.entries(options.alias).map(([name, target]) => [name, path.resolve(REPOSITORY_ROOT, target)])),
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
    for (const [file, input] of Object.entries(output.inputs)) if (input.bytesInOutput > 0 && !file.includes('node_modules/')) modules.add(file);
  }
  // The packages the repository's modules left in the bundle import (node builtins excluded).
  const packages = new Set<string>();
  for (const module of modules) {
    for (const imported of inputs[module]?.imports ?? []) {
      const pkg = importedPackage(imported);
      if (pkg) packages.add(pkg);
    }
  }

  const capabilities = new Set<Capability>();
  for (const module of modules) {
    const capability = CAPABILITY_MODULES[module];
    if (capability) capabilities.add(capability);
    for (const verb of VERB_MODULES[module] ?? []) capabilities.add(verb);
  }
  for (const pkg of packages) {
    const capability = CAPABILITY_PACKAGES[pkg];
    if (capability) capabilities.add(capability);
    else if (pkg.startsWith('@aws-sdk/') && !NEUTRAL_AWS_PACKAGE.test(pkg) && !DYNAMODB_PACKAGES.has(pkg)) {
      throw new Error(
        `${handler} imports ${pkg}, which the cloud stack does not know how to grant. ` +
          'Add the package to CAPABILITY_PACKAGES in infra/stack/capabilities.ts and its grants to infra/stack/functions.ts.',
      );
    }
  }
  const importers = (test: (pkg: string) => boolean) => [...modules].filter((file) => inputs[file]?.imports.some((imported) => test(importedPackage(imported) ?? '')));
  // A module outside the adapters that talks to AWS itself would get no grants (or the wrong ones):
  // every SDK client is used through one adapter module, which is what the grants are derived from.
  const direct = importers((pkg) => SERVICE_PACKAGE.test(pkg)).filter((file) => !SDK_USERS.has(file));
  if (direct.length > 0) {
    throw new Error(
      `${handler}: ${direct.join(', ')} call AWS through the SDK outside the adapter modules (${[...SDK_USERS].join(', ')}); ` +
        'the stack cannot tell what to grant. Go through an adapter, or add the module to CAPABILITY_MODULES in infra/stack/capabilities.ts and its grants to infra/stack/functions.ts.',
    );
  }
  const analysis = { packages: [...packages].sort(), modules: [...modules].sort(), capabilities: [...capabilities].sort() };
  cache.set(key, analysis);
  return analysis;
}
