import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { plainTextOf } from '../../functions/features/users/triggers/custom-message.js';
import { EVENT_SOURCE } from '../../functions/platform/event-store/publisher.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { Publisher } from '../../functions/platform/event-store/publisher.js';
import { sharedDynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { configureRuntime, type Appending } from '../../functions/platform/runtime.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { setMailer } from '../../functions/platform/mail/index.js';
import { OutboxMailer } from './outbox-mailer.js';
import { consumers, schedules, triggers, type RouteDefinition } from '../routes.js';
import { startSchedules } from './schedules.js';
import { localBilling, LOCAL_BILLING_PREFIX } from './billing/index.js';
import { LocalBus } from './bus.js';
import { DeadLetterStore } from './dead-letters.js';
import { startOpsAdmin } from './ops-admin.js';
import { startCognito, type EmbeddedCognito, type LambdaFunction } from './cognito/index.js';
import { ensureTables, startDynamo } from './dynamo.js';
import { startKms } from './kms.js';
import { localCodec } from './personal-data.js';
import { Replayer } from '../../functions/app/replay.js';
import { recordLayoutOfEmptyViews, viewsLayout } from '../../functions/app/views-layout.js';
import { allProjections, allSnapshotFolds } from '../../functions/app/projections.js';
import { ApiThrottle } from './api-throttle.js';
import { LocalHttpApi } from './http-api.js';
import { applyTimeouts, BODY_LIMITS } from './limits.js';
import { outboxAllowed } from './loopback.js';
import { proxyTo } from './proxy.js';
import { embeddedSiteHeaders } from '../site-headers.js';
import { attachRealtime } from './realtime.js';
import { setConnectionPoster } from '../../functions/platform/realtime/poster.js';
import { startS3 } from './s3.js';
import { s3Gate } from './s3-gate.js';
import { localSecrets } from './secrets.js';
import { runtimeConfig, staticSite } from './static-site.js';
import { catchUp } from './catch-up.js';
import { AlreadyRunningError, isAlive, rememberedPort } from './lock-file.js';
import { notFound, outboxPage } from './outbox-page.js';
import { seedAccounts, type SeedAccount } from './seed-accounts.js';
import { sweepOutbox } from '../../functions/platform/event-store/publisher.js';
import { inStep, PERIODIC_STEP } from '../../functions/platform/observability/call-count.js';

export { AlreadyRunningError, assertNotRunning, runningStack } from './lock-file.js';
export type { SeedAccount } from './seed-accounts.js';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const TABLES = {
  events: 'design-club-events',
  views: 'design-club-views',
  connections: 'design-club-connections',
  keys: 'design-club-keys',
};
const BUCKET = 'design-club-uploads';

/** The file in a data folder naming the events table it uses, once a migration switched it (docs/operations.md). */
const EVENTS_TABLE_FILE = 'events-table';
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;

/**
 * The events table of a data folder: TABLES.events, unless `npm run migrate:sealing -- --switch`
 * recorded another (the table the store written before sealing was migrated into).
 */
export function eventsTableOf(dataDir: string): string {
  const file = join(dataDir, EVENTS_TABLE_FILE);
  const named = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (named && !TABLE_NAME.test(named))
    throw new Error(`${file} names no table: ${JSON.stringify(named.slice(0, 40))}`);
  return named || TABLES.events;
}

/** Records `table` as the data folder's events table: the next start of the embedded stack uses it. */
export async function switchEventsTable(dataDir: string, table: string): Promise<void> {
  if (!TABLE_NAME.test(table)) throw new Error(`Not a table name: ${JSON.stringify(table.slice(0, 40))}`);
  await writeFile(join(dataDir, EVENTS_TABLE_FILE), `${table}\n`);
}

/** The embedded stack's runtime: its store appends and its views write (it runs every handler). */
export type WritingRuntime = Appending & { views: ViewStore };

export interface LocalOptions {
  /** 0: a free port. Default 3000. */
  port?: number;
  /** The address the public port listens on. Default 127.0.0.1 (loopback); `0.0.0.0` opens it to the network. */
  host?: string;
  /**
   * The address people open (e-mail links, presigned upload forms, the WebSocket origin), when the
   * port is opened to the network: e.g. `http://192.168.1.20:3000`. Default `http://localhost:<port>`.
   */
  publicUrl?: string;
  /** Where data persists (`.data`). Without one, everything lives in a temporary place removed on stop. */
  dataDir?: string;
  webDir?: string;
  quiet?: boolean;
  /** Publish-failure and delivery-failure injection for tests. */
  sweepEveryMs?: number;
  /** How often realtime peers are pinged; one that has not answered the last ping is dropped. Default 30 s. */
  heartbeatMs?: number;
  /**
   * API Gateway's throttling: the stage's limit and the costly routes' own (infra/routes.ts), 429 past
   * them. `npm start` applies it; tests and benchmarks, which send bursts no person would, leave it off.
   */
  apiThrottle?: boolean;
}

export interface LocalRuntime {
  url: string;
  /** The address the public port listens on. */
  host: string;
  /** s3rver's own loopback URL, behind the public port's gate (for tests that place objects directly). */
  s3Endpoint: string;
  /**
   * The data folder's secret (secrets.json): opens Cognito's admin path, signs S3 forms and links, unlocks the outbox
   * when the port is opened.
   */
  secret: string;
  seeded: { admin: SeedAccount; designer: SeedAccount };
  runtime: WritingRuntime;
  bus: LocalBus;
  /** The loopback-only operator port (dead letters for `npm run redrive`). */
  opsAdmin: { url: string; token: string };
  cognito: EmbeddedCognito;
  /** Every e-mail the product sent (.eml files in .data/outbox, readable at /outbox). */
  outbox: OutboxMailer;
  /** Waits until every published event has been delivered to its consumers. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

async function importHandler<T>(handlerPath: string): Promise<T> {
  const module = (await import(pathToFileURL(join(REPO_ROOT, handlerPath)).href)) as { handler: T };
  if (typeof module.handler !== 'function') throw new Error(`${handlerPath} exports no handler`);
  return module.handler;
}

/**
 * The whole system on one machine: dynalite, s3rver, cognito-local behind its shim, the in-process
 * bus wired from the route table, and one HTTP server (loopback unless `host` says otherwise) for
 * the SPA, the runtime config, the API, the realtime socket, Cognito's user API and the uploads
 * bucket's gate. Cognito's triggers run in process; its admin API answers only on its own loopback
 * port under the data folder's secret; the outbox answers only to this machine.
 */
export async function startLocal(options: LocalOptions = {}): Promise<LocalRuntime> {
  const persistent = options.dataDir !== undefined;
  const dataDir = persistent ? resolve(options.dataDir!) : await mkdtemp(join(tmpdir(), 'design-club-'));
  await mkdir(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'runtime.json');
  // A lock left by a process that is gone means the last run did not stop cleanly.
  let stoppedUncleanly = false;
  if (persistent && existsSync(lockFile)) {
    const lock = JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number; url: string };
    if (lock.pid !== process.pid && isAlive(lock.pid)) throw new AlreadyRunningError(lock.url, lock.pid);
    stoppedUncleanly = true;
  }
  const say = (line: string) => {
    if (!options.quiet) console.log(line);
  };
  const stops: (() => Promise<void>)[] = [];
  const host = options.host ?? '127.0.0.1';
  const secrets = await localSecrets(persistent ? dataDir : undefined);

  const dynamo = await startDynamo({
    path: persistent ? join(dataDir, 'dynamodb') : undefined,
    secret: secrets.adminSecret,
  });
  stops.push(dynamo.stop);
  const eventsTable = eventsTableOf(dataDir);
  const tables = await ensureTables(dynamo.endpoint, { ...TABLES, events: eventsTable });
  // KMS's stand-in, its one key kept in the data folder: the data keys in the keys table are wrapped by it.
  const kms = await startKms({ dataDir, host: '127.0.0.1' });
  stops.push(kms.close);
  await mkdir(join(dataDir, 's3'), { recursive: true });
  const s3 = await startS3({ directory: join(dataDir, 's3'), bucket: BUCKET, secret: secrets.adminSecret });
  stops.push(s3.stop);

  const server = createServer();
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, host, () => resolveListen());
  });
  applyTimeouts(server);
  const port = (server.address() as AddressInfo).port;
  const url = publicUrlOf(options.publicUrl, port);

  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    // Presigned forms and links, and the handlers' own calls, go through the public port's gate.
    S3_ENDPOINT: url,
    S3_SECRET_ACCESS_KEY: secrets.adminSecret,
    EVENTS_TABLE: eventsTable,
    KEYS_TABLE: TABLES.keys,
    KMS_ENDPOINT: kms.endpoint,
    KMS_KEY_ID: kms.keyId,
    VIEWS_TABLE: TABLES.views,
    CONNECTIONS_TABLE: TABLES.connections,
    UPLOADS_BUCKET: BUCKET,
    EVENT_BUS_NAME: 'local',
    SITE_URL: url,
    // Signs page cursors (functions/platform/views/cursor.ts): derived from the data folder's secret, so
    // cursors survive a restart and no one without the secret can make one.
    API_SIGNING_KEY: createHmac('sha256', secrets.adminSecret).update('api-signing').digest('base64url'),
    // Signs notification e-mails' unsubscribe links: from the data folder's secret, so old links keep working.
    NOTIFICATIONS_KEY: createHmac('sha256', secrets.adminSecret).update('notifications').digest('base64url'),
  });

  const subscriptions = await Promise.all(
    consumers.map(async (consumer) => ({
      name: consumer.name,
      source: EVENT_SOURCE,
      eventTypes: consumer.eventTypes,
      consumer: await importHandler<(event: unknown) => Promise<unknown>>(consumer.handler),
    })),
  );
  // Dead letters persist with the data (`.data/dead-letters`), so `npm run redrive` finds them after a restart.
  const bus = new LocalBus(
    subscriptions,
    undefined,
    new DeadLetterStore(persistent ? join(dataDir, 'dead-letters') : undefined),
  );
  const opsAdmin = await startOpsAdmin(bus, persistent ? dataDir : undefined);
  stops.push(opsAdmin.stop);
  const outbox = new OutboxMailer(join(dataDir, 'outbox'));
  setMailer(outbox);
  process.env.MAIL_OUTBOX_DIR = outbox.directory;
  // One process runs every handler, the projector's too: one store that appends, one views that
  // write, the in-process bus, installed here for every factory (appending(), viewReader(), …).
  // dynalite's index is written with the table and every writer shares this clock: a short look-back.
  const client = sharedDynamoClient();
  // Personal fields are sealed at append and opened on every read, by the store and by the consumers.
  const personal = localCodec(kms, client, TABLES.keys);
  stops.push(async () => personal.close());
  const { codec } = personal;
  const store = new EventStore({ client, tableName: eventsTable, catalogue, codec, now: () => new Date() });
  const runtime: WritingRuntime = {
    store,
    views: new ViewStore(client, TABLES.views),
    bus,
    publisher: new Publisher(bus, store, 2_000),
    now: () => new Date(),
  };
  // Every projection commits through this process's projector: caches of the views (the callers'
  // roles and sessions) hold until it commits a change to what they read.
  runtime.views.seesEveryCommit = true;
  // The handlers' clock is this runtime's (`runtime.now`): a test that moves it moves what every
  // handler sees as now (expiries, quotas), while commits keep the real time.
  configureRuntime({
    client,
    store,
    codec,
    views: runtime.views,
    bus,
    publisher: runtime.publisher,
    now: () => runtime.now(),
  });
  // Views built by an older version (a new index, lookup or counter since) are rebuilt from the
  // events, as `npm run replay` would; new, empty tables only record the layout.
  if (tables.events === 'created' && tables.views === 'created') await recordLayoutOfEmptyViews(runtime.views);
  else if (tables.views === 'recreated' || !(await viewsLayout(runtime.views)).current) {
    if (!options.quiet) console.log('  The views were built by an older version: rebuilding them from the events…');
    await new Replayer(runtime.store, runtime.views, allProjections, allSnapshotFolds).run();
  }

  const triggerFunctions: Record<string, LambdaFunction> = {};
  for (const trigger of triggers) triggerFunctions[trigger.name] = await importHandler<LambdaFunction>(trigger.handler);

  const cognito = await startCognito({
    dataDir: join(dataDir, 'cognito'),
    // Tokens name the Cognito endpoint as their issuer: keep its port across restarts of `npm start`.
    port: persistent ? await rememberedPort(join(dataDir, 'cognito-port')) : 0,
    // In process: a Lambda-invoke endpoint would let anyone run a trigger (register any sub and e-mail).
    functions: triggerFunctions,
    adminSecret: secrets.adminSecret,
    signingKey: secrets.signingKey,
    triggers: Object.fromEntries(triggers.map((trigger) => [trigger.trigger, trigger.name])),
    // What Cognito would e-mail (the password-reset link from the CustomMessage trigger) goes to the outbox.
    onMessage: async (message) => {
      if (message.medium !== 'EMAIL') return;
      const html = message.message ?? `<p>Your Design Club code is ${message.code ?? ''}</p>`;
      await outbox.send({
        to: message.destination,
        subject: message.subject ?? 'Your Design Club code',
        text: plainTextOf(html),
        html,
        tag: html.includes('reset-password') ? 'password-reset' : 'cognito',
      });
    },
  });
  stops.unshift(cognito.stop);
  if (persistent) await writeFile(join(dataDir, 'cognito-port'), new URL(cognito.publicEndpoint).port);
  Object.assign(process.env, {
    USER_POOL_ID: cognito.userPoolId,
    USER_POOL_CLIENT_ID: cognito.clientId,
    COGNITO_ENDPOINT: cognito.endpoint,
    COGNITO_ISSUER: cognito.issuer,
    COGNITO_JWKS_URI: cognito.jwksUri,
  });
  const realtime = await attachRealtime(server, REPO_ROOT, { heartbeatMs: options.heartbeatMs });
  setConnectionPoster(realtime.poster);
  stops.unshift(async () => {
    realtime.close();
    setConnectionPoster(undefined);
  });

  const handlers = new Map<string, Promise<any>>();
  const api = new LocalHttpApi(
    (route: RouteDefinition) => {
      if (!handlers.has(route.handler)) handlers.set(route.handler, importHandler(route.handler));
      return handlers.get(route.handler)!;
    },
    () => ({ issuer: cognito.issuer, jwksUri: cognito.jwksUri, clientId: cognito.clientId }),
    options.apiThrottle ? new ApiThrottle() : undefined,
  );
  // The user API only (the shim refuses admin actions outside its secret path, which is never forwarded).
  const cognitoProxy = proxyTo(() => cognito.publicEndpoint, '/cognito', BODY_LIMITS.cognito);
  const storage = s3Gate({
    prefix: '',
    upstream: s3.endpoint,
    bucket: BUCKET,
    region: process.env.AWS_REGION!,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: secrets.adminSecret },
  });
  stops.push(async () => storage.close());
  // The cloud's headers for an http origin: the same policy, with this runtime's socket to connect to.
  const securityHeaders = embeddedSiteHeaders({ connect: [url.replace(/^http/, 'ws')], images: [] });
  const site = staticSite(resolve(options.webDir ?? join(REPO_ROOT, 'web/dist')), securityHeaders);
  const config = runtimeConfig({
    url,
    port,
    region: cognito.region,
    userPoolId: cognito.userPoolId,
    userPoolClientId: cognito.clientId,
  });
  const billing = localBilling({ dataDir: persistent ? dataDir : undefined });

  // Malformed requests never reach a handler; answer them the way a gateway does, in words.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request line or headers are too large.']
        : [400, 'Bad Request', 'The request could not be read.'];
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: ` +
        `application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    try {
      if (path.startsWith('/api/') || path === '/api') return await api.handle(req, res);
      if (path.startsWith(LOCAL_BILLING_PREFIX)) return await billing.handle(req, res);
      if (path === '/cognito' || path.startsWith('/cognito/')) return await cognitoProxy(req, res);
      if (path === `/${BUCKET}` || path.startsWith(`/${BUCKET}/`)) return await storage.handle(req, res);
      if (path === '/outbox' || path === '/outbox.json') {
        // Every e-mail, invitation tokens and reset links included: for this machine's own user only.
        if (!outboxAllowed(req, { host, secret: secrets.adminSecret })) return notFound(res);
        return await outboxPage(outbox, path, req, res);
      }
      if (path === '/config.json') return config(req, res);
      // The site is files: nothing else (a Lambda-invoke call, say) is served or answered with the SPA.
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { 'content-type': 'application/json', allow: 'GET, HEAD' }).end(
          JSON.stringify({
            error: { code: 'METHOD_NOT_ALLOWED', message: `${req.method} is not allowed on ${path}.` },
          }),
        );
        return;
      }
      return await site(req, res);
    } catch (error) {
      // A client that went away mid-request: nothing to answer, nobody to tell.
      if (req.destroyed || res.destroyed) return;
      console.error('[local] request failed', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    }
  });
  stops.unshift(
    () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  );

  if (stoppedUncleanly) {
    const caughtUp = await catchUp(runtime);
    say(
      `Recovered from an unclean stop: ${caughtUp.published} unpublished commits sent, ${caughtUp.events} events ` +
        `re-checked by the projections.`,
    );
  }
  const seeded = await seedAccounts(cognito, runtime);
  await bus.idle();

  const sweeper = setInterval(() => {
    // The sweeper's own calls, every few seconds whatever the traffic: no change's (bench/calls-per-change.ts).
    inStep(PERIODIC_STEP, () => sweepOutbox(runtime.publisher, 1_000)).catch((error) =>
      say(`[sweeper] ${String(error)}`),
    );
  }, options.sweepEveryMs ?? 5_000);
  sweeper.unref();
  // The other schedules of the route table (the sweeper above runs more often here than in the cloud).
  const stopSchedules = startSchedules(
    schedules.filter((row) => row.name !== 'outbox-sweeper'),
    (handler) => importHandler(handler),
    say,
  );

  if (persistent) {
    // The operator tools find the stack here (owner-only: dynamoEndpoint carries the folder's secret;
    // Cognito's admin endpoint is composed from secrets.json by runningStack).
    await writeFile(
      lockFile,
      JSON.stringify({
        pid: process.pid,
        url,
        host,
        dynamoEndpoint: dynamo.endpoint,
        kms: { endpoint: kms.endpoint, keyId: kms.keyId },
        tables: TABLES,
        cognitoPublicEndpoint: cognito.publicEndpoint,
        userPoolId: cognito.userPoolId,
      }),
      { mode: 0o600 },
    );
    await chmod(lockFile, 0o600);
  }

  return {
    url,
    host,
    s3Endpoint: s3.endpoint,
    secret: secrets.adminSecret,
    seeded,
    runtime,
    bus,
    opsAdmin: { url: opsAdmin.url, token: opsAdmin.token },
    cognito,
    outbox,
    settle: () => bus.idle(),
    async stop() {
      clearInterval(sweeper);
      stopSchedules();
      await bus.idle();
      for (const stop of stops) await stop().catch(() => undefined);
      configureRuntime(undefined);
      setMailer(undefined);
      if (persistent) await rm(lockFile, { force: true });
      else await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The public URL as given (origin only, no trailing slash), or localhost on the port. */
export function publicUrlOf(given: string | undefined, port: number): string {
  if (!given) return `http://localhost:${port}`;
  let parsed: URL;
  try {
    parsed = new URL(given);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL such as http://192.168.1.20:${port} (got ${given})`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must start with http:// or https:// (got ${given})`);
  return parsed.origin;
}
