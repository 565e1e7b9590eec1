import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { LambdaFunction } from './lambda-invoke.js';
import type { MessageHandler } from './messages.js';
import { closeServer, type Logger, type RunningCognitoLocal, startCognitoLocal } from './server.js';
import { cognitoLocalAccounts } from './accounts.js';
import { cognitoLocalSessions } from './sessions.js';
import { POOL_SETTINGS } from './rules.js';
import { REGION, ensurePool } from './setup.js';
import { applyTimeouts } from '../limits.js';
import { createShim } from './shim.js';
import { CUSTOM_AUTH_TRIGGERS, type CustomAuthTrigger } from './shim-custom-auth.js';
import { newSigningKey, type SigningKey } from './signing-key.js';

export { createLambdaInvokeHandler, type LambdaFunction } from './lambda-invoke.js';
export type { CognitoMessage, MessageHandler } from './messages.js';
export { ensureUser } from './seed.js';
export type { Logger } from './server.js';

export type CognitoTrigger =
  | 'PreSignUp'
  | 'PostConfirmation'
  | 'CustomMessage'
  | 'PreTokenGeneration'
  | 'PostAuthentication'
  | CustomAuthTrigger;

export interface CognitoOptions {
  /** cognito-local's config (`config.json`, optional) and data (`db/`) live here. */
  dataDir: string;
  /** 0 or undefined: a free port. Always bound on 127.0.0.1. */
  port?: number;
  /** The trigger functions, called in process (nothing listens for Lambda invocations). */
  functions?: Record<string, LambdaFunction>;
  /** Or a base URL serving POST /2015-03-31/functions/{name}/invocations. One of the two is needed for triggers. */
  lambdaEndpoint?: string;
  /** Trigger -> function name, as sent to the Lambda endpoint. */
  triggers?: Partial<Record<CognitoTrigger, string>>;
  /** Enforced by the shim and recorded in the pool's policy. Default 12. */
  passwordMinLength?: number;
  /** Called for GlobalSignOut and AdminUserGlobalSignOut, after the user's refresh tokens are revoked. */
  onGlobalSignOut?: (sub: string) => Promise<void>;
  /** Receives every message Cognito would send (codes, temporary passwords), e.g. for a local outbox. */
  onMessage?: MessageHandler;
  /** Quiet without one. */
  logger?: Logger;
  /** Opens the admin API at `/admin/<secret>` (default: random, for this run only). */
  adminSecret?: string;
  /** Signs the tokens handed out (default: a key pair for this run only). */
  signingKey?: SigningKey;
}

export interface EmbeddedCognito {
  /** The operator's endpoint (every action, admin ones included): the shim's URL + `/admin/<secret>`. */
  endpoint: string;
  /** The shim's URL: the user API only, Amplify's `userPoolEndpoint` and the issuer's base. */
  publicEndpoint: string;
  userPoolId: string;
  clientId: string;
  /** 'local', the prefix of cognito-local's pool ids (Amplify derives the region from it). */
  region: string;
  /** `${publicEndpoint}/${userPoolId}`, the `iss` of issued tokens. */
  issuer: string;
  jwksUri: string;
  stop(): Promise<void>;
}

/**
 * Starts cognito-local on a private port behind the shim, and makes sure the pool, app client and
 * groups exist (reusing them when `dataDir` already holds them).
 */
export async function startCognito(options: CognitoOptions): Promise<EmbeddedCognito> {
  const passwordMinLength = options.passwordMinLength ?? POOL_SETTINGS.passwordMinLength;
  const triggers = Object.fromEntries(
    Object.entries(options.triggers ?? {}).filter((entry): entry is [string, string] => !!entry[1]),
  );
  if (Object.keys(triggers).length > 0 && !options.lambdaEndpoint && !options.functions) {
    throw new Error('startCognito: triggers need functions or a lambdaEndpoint');
  }
  const adminPath = `/admin/${options.adminSecret ?? randomBytes(32).toString('base64url')}`;
  const signingKey = options.signingKey ?? (await newSigningKey());
  await mkdir(options.dataDir, { recursive: true });
  // The CustomMessage trigger signs the reset link's issue time with this key (the cloud gives it
  // RESET_LINK_KEY); kept with the pool's data so links survive a restart of `npm start`.
  process.env.RESET_LINK_KEY ??= await resetLinkKey(join(options.dataDir, 'reset-link-key'));

  // The shim listens first: its URL is the issuer cognito-local must write into tokens.
  const front = http.createServer();
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(options.port ?? 0, '127.0.0.1', () => {
      front.off('error', reject);
      resolve();
    });
  });
  applyTimeouts(front);
  const publicEndpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const endpoint = `${publicEndpoint}${adminPath}`;

  let local: RunningCognitoLocal | undefined;
  try {
    local = await startCognitoLocal({
      dataDir: options.dataDir,
      issuerDomain: publicEndpoint,
      functions: options.functions,
      lambdaEndpoint: options.lambdaEndpoint,
      // cognito-local runs the others; the shim runs the custom authentication ones (it has no such flow).
      triggers: Object.fromEntries(
        Object.entries(triggers).filter(([name]) => !(CUSTOM_AUTH_TRIGGERS as readonly string[]).includes(name)),
      ),
      logger: options.logger,
      onMessage: options.onMessage,
    });
    const pool = { userPoolId: '', clientId: '', issuer: '' };
    const sessions = cognitoLocalSessions(local);
    const shim = createShim({
      upstreamSocket: local.socketPath,
      endpoint: publicEndpoint,
      pool,
      signingKey,
      adminPath,
      passwordMinLength,
      sessions,
      accounts: cognitoLocalAccounts(local),
      onGlobalSignOut: options.onGlobalSignOut,
      customAuth: CUSTOM_AUTH_TRIGGERS.every((name) => triggers[name])
        ? { invoke: (name, event) => invokeTrigger(options, triggers[name]!, event), accounts: sessions }
        : undefined,
      logger: options.logger,
    });
    front.on('request', shim.handle);
    // Through the shim's admin path: cognito-local itself has no port.
    const { userPoolId, clientId } = await ensurePool(endpoint, passwordMinLength);
    const issuer = `${publicEndpoint}/${userPoolId}`;
    Object.assign(pool, { userPoolId, clientId, issuer });
    const running = local;
    return {
      endpoint,
      publicEndpoint,
      userPoolId,
      clientId,
      region: REGION,
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      async stop() {
        await closeServer(front);
        shim.close();
        await running.stop();
      },
    };
  } catch (err) {
    await closeServer(front);
    await local?.stop();
    throw err;
  }
}

/** Calls a trigger function as Cognito would: in process, or through the Lambda endpoint's Invoke API. */
async function invokeTrigger(
  options: CognitoOptions,
  name: string,
  event: Record<string, any>,
): Promise<Record<string, any>> {
  const fn = options.functions && Object.hasOwn(options.functions, name) ? options.functions[name] : undefined;
  if (fn) return (await fn(event)) ?? {};
  if (!options.lambdaEndpoint) throw new Error(`Trigger function not found: ${name}`);
  const res = await fetch(`${options.lambdaEndpoint}/2015-03-31/functions/${encodeURIComponent(name)}/invocations`, {
    method: 'POST',
    body: JSON.stringify(event),
  });
  const answer = (await res.json()) as Record<string, any>;
  if (!res.ok || res.headers.get('x-amz-function-error')) throw new Error(`Trigger ${name} failed`);
  return answer ?? {};
}

async function resetLinkKey(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const key = randomBytes(32).toString('base64url');
    await writeFile(file, key, { mode: 0o600 });
    return key;
  }
}
