import { createRequire } from 'node:module';

// cognito-local is CommonJS and drags in aws-sdk v2, which schedules an end-of-support warning on
// first load. Loading it here with require (synchronously, after switching that warning off) keeps
// the process quiet; resolving from cognito-local's own location also finds its pino and aws-sdk
// however npm laid them out.
const requireLib = createRequire(createRequire(import.meta.url).resolve('cognito-local'));

type CognitoLocalServer = typeof import('cognito-local/lib/server/server.js');
type CognitoLocalConfig = typeof import('cognito-local/lib/server/config.js');
type CognitoLocalRouter = typeof import('cognito-local/lib/server/Router.js');
type CognitoLocalServices = typeof import('cognito-local/lib/services/index.js');
type CognitoLocalCrypto = typeof import('cognito-local/lib/services/crypto.js');
type CognitoLocalTokens = typeof import('cognito-local/lib/services/tokenGenerator.js');
type CognitoLocalOtp = typeof import('cognito-local/lib/services/otp.js');
type CognitoLocalCognitoService = typeof import('cognito-local/lib/services/cognitoService.js');
type CognitoLocalUserPoolService = typeof import('cognito-local/lib/services/userPoolService.js');
type CognitoLocalStormDb = typeof import('cognito-local/lib/services/dataStore/stormDb.js');
type CognitoLocalDelivery = typeof import('cognito-local/lib/services/messageDelivery/messageDelivery.js');

export type { Services } from 'cognito-local/lib/services/index.js';
export type { Context } from 'cognito-local/lib/services/context.js';
export type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore.js';
export type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory.js';
export type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
export type { Message } from 'cognito-local/lib/services/messages.js';
export type { User } from 'cognito-local/lib/services/userPoolService.js';
export type { Config } from 'cognito-local/lib/server/config.js';

/** The minimal pino surface used here (pino is cognito-local's dependency, not ours). */
type Pino = (
  options: { level: string },
  stream: { write(line: string): void },
) => Parameters<CognitoLocalServer['createServer']>[1];

type LambdaClientConstructor = new (
  config: import('cognito-local/lib/server/config.js').Config['LambdaClient'],
) => ConstructorParameters<CognitoLocalServices['LambdaService']>[1];

export function loadCognitoLocal() {
  (requireLib('aws-sdk/lib/maintenance_mode_message') as { suppress: boolean }).suppress = true;
  return {
    server: requireLib('./server/server.js') as CognitoLocalServer,
    config: requireLib('./server/config.js') as CognitoLocalConfig,
    router: requireLib('./server/Router.js') as CognitoLocalRouter,
    services: requireLib('./services/index.js') as CognitoLocalServices,
    crypto: requireLib('./services/crypto.js') as CognitoLocalCrypto,
    tokens: requireLib('./services/tokenGenerator.js') as CognitoLocalTokens,
    otp: requireLib('./services/otp.js') as CognitoLocalOtp,
    cognitoService: requireLib('./services/cognitoService.js') as CognitoLocalCognitoService,
    userPoolService: requireLib('./services/userPoolService.js') as CognitoLocalUserPoolService,
    stormDb: requireLib('./services/dataStore/stormDb.js') as CognitoLocalStormDb,
    delivery: requireLib('./services/messageDelivery/messageDelivery.js') as CognitoLocalDelivery,
    pino: requireLib('pino') as Pino,
    Lambda: requireLib('aws-sdk/clients/lambda') as LambdaClientConstructor,
  };
}
