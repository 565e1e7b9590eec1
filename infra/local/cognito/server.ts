import { mkdtemp, rm } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Config, type Context, type Services, loadCognitoLocal } from './cognito-local.js';
import { SerializedDataStoreFactory } from './datastore.js';
import type { LambdaFunction } from './lambda-invoke.js';
import { HandOverMessageSender, type MessageHandler } from './messages.js';

export interface Logger {
  info(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface CognitoLocalOptions {
  dataDir: string;
  /** Base of the `iss` claim: the URL clients reach us on (the shim), not cognito-local's own port. */
  issuerDomain: string;
  /** Trigger functions called in process; else `lambdaEndpoint` is called over HTTP. */
  functions?: Record<string, LambdaFunction>;
  lambdaEndpoint?: string;
  triggers: Record<string, string>;
  logger?: Logger;
  onMessage?: MessageHandler;
}

export interface RunningCognitoLocal {
  /**
   * cognito-local listens on this Unix socket only (owner-only directory): no TCP port, so no one else reaches its
   * admin API.
   */
  socketPath: string;
  services: Services;
  /** A context for calling cognito-local's services directly. */
  ctx: Context;
  stop(): Promise<void>;
}

/**
 * cognito-local's createDefaultServer, with the directory, issuer, triggers, Lambda endpoint, logger
 * and message delivery ours instead of hard-coded: config in `dataDir/config.json` (optional, it is
 * merged under our settings), pools and clients in `dataDir/db/`, listening on a Unix socket in a
 * private temporary directory (cognito-local checks no credentials, and serves CORS to any origin).
 */
export async function startCognitoLocal(options: CognitoLocalOptions): Promise<RunningCognitoLocal> {
  const lib = loadCognitoLocal();
  const logger = lib.pino({ level: options.logger ? 'info' : 'silent' }, pinoBridge(options.logger));
  const ctx: Context = { logger };

  const fileConfig = await lib.config.loadConfig(ctx, new lib.stormDb.StormDBDataStoreFactory(options.dataDir));
  const config: Config = {
    ...fileConfig,
    LambdaClient: {
      ...fileConfig.LambdaClient,
      ...(options.lambdaEndpoint ? { endpoint: options.lambdaEndpoint } : {}),
    },
    TriggerFunctions: { ...fileConfig.TriggerFunctions, ...options.triggers },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { hostname: '127.0.0.1', port: 0, https: false, development: false },
  };

  const dataDirectory = path.join(options.dataDir, 'db');
  const dataStoreFactory = new SerializedDataStoreFactory(new lib.stormDb.StormDBDataStoreFactory(dataDirectory));
  const clock = new lib.services.DateClock();
  const cognito = await new lib.cognitoService.CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new lib.userPoolService.UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new lib.services.TriggersService(
    clock,
    cognito,
    new lib.services.LambdaService(
      config.TriggerFunctions,
      options.functions ? inProcessLambda(options.functions) : new lib.Lambda(config.LambdaClient),
    ),
    new lib.crypto.CryptoService(config.KMSConfig),
  );
  const sender = new HandOverMessageSender(options.onMessage, (line) => options.logger?.info(line));
  const services: Services = {
    clock,
    cognito,
    config,
    messages: withoutSignUpCodesForConfirmedUsers(
      new lib.services.MessagesService(triggers, new lib.delivery.MessageDeliveryService(sender)),
    ),
    otp: lib.otp.otp,
    tokenGenerator: new lib.tokens.JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };

  const { application } = lib.server.createServer(lib.router.Router(services), logger, config.ServerConfig, services);
  const socketDir = await mkdtemp(path.join(tmpdir(), 'dc-cognito-'));
  // Windows has named pipes where other systems have Unix sockets.
  const socketPath =
    process.platform === 'win32' ? `\\\\.\\pipe\\${path.basename(socketDir)}` : path.join(socketDir, 'cognito.sock');
  const server = http.createServer(application as unknown as http.RequestListener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    socketPath,
    services,
    ctx,
    stop: async () => {
      await closeServer(server);
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}

/**
 * cognito-local mails a sign-up code to every new user of a pool with auto-verified attributes, even
 * one its PreSignUp trigger confirmed; Cognito sends none then (the pool's PreSignUp confirms every
 * sign-up, so the "Your Design Club code is …" mail asked for a code no screen wants).
 */
function withoutSignUpCodesForConfirmedUsers(messages: Services['messages']): Services['messages'] {
  const deliver = messages.deliver.bind(messages);
  messages.deliver = (ctx, source, clientId, userPoolId, user, ...rest) =>
    source === 'SignUp' && user.UserStatus === 'CONFIRMED'
      ? Promise.resolve()
      : deliver(ctx, source, clientId, userPoolId, user, ...rest);
  return messages;
}

/** pino writes JSON lines; hand them to our logger (or nowhere: the logger is 'silent' without one). */
function pinoBridge(logger: Logger | undefined) {
  return {
    write(line: string) {
      if (!logger) return;
      const entry = JSON.parse(line) as { level: number; msg?: string; err?: unknown };
      const text = `cognito-local: ${entry.msg ?? ''}`;
      if (entry.level >= 50) logger.error(text, ...(entry.err ? [entry.err] : []));
      else logger.info(text);
    },
  };
}

type LambdaClient = ConstructorParameters<typeof import('cognito-local/lib/services/lambda.js').LambdaService>[1];

/**
 * The part of the Lambda client cognito-local uses (`invoke(...).promise()`), answering as Lambda
 * does (the JSON result, or `FunctionError: 'Unhandled'` with the error), with no endpoint to reach:
 * an HTTP Lambda-invoke endpoint would let anyone append a registration for any sub and e-mail.
 */
function inProcessLambda(functions: Record<string, LambdaFunction>): LambdaClient {
  const invoke = async (params: { FunctionName: string; Payload?: unknown }) => {
    const fn = Object.hasOwn(functions, params.FunctionName) ? functions[params.FunctionName] : undefined;
    if (!fn)
      throw Object.assign(new Error(`Function not found: ${params.FunctionName}`), {
        code: 'ResourceNotFoundException',
      });
    try {
      const result = await fn(JSON.parse(String(params.Payload ?? '{}')));
      return { StatusCode: 200, Payload: JSON.stringify(result ?? null) };
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      return {
        StatusCode: 200,
        FunctionError: 'Unhandled',
        Payload: JSON.stringify({ errorType: error.name, errorMessage: error.message }),
      };
    }
  };
  return {
    invoke: (params: { FunctionName: string; Payload?: unknown }) => ({ promise: () => invoke(params) }),
  } as unknown as LambdaClient;
}
