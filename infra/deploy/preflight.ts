/**
 * The checks `npm run deploy` runs before it deploys, with the caller's credentials and the SDK's
 * own clients, in the stack's region. Each one answers "ok", "missing" (with the fix), "could not
 * check" (with the IAM action it needs) or a note; only "missing" stops the deploy.
 */
import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { BedrockClient } from '@aws-sdk/client-bedrock';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SSMClient } from '@aws-sdk/client-ssm';
import { STSClient } from '@aws-sdk/client-sts';
import type { StackNeeds } from './assembly.js';
import { checkCredentials } from './checks/account.js';
import { checkLoggingRole } from './checks/api-gateway.js';
import { checkModels } from './checks/bedrock.js';
import { checkBootstrap } from './checks/bootstrap.js';
import { certificateReader, checkCertificate, type CertificateReader } from './checks/certificate.js';
import { cloudFrontVerification } from './checks/cloudfront.js';
import { checkEventsGeneration } from './checks/events-generation.js';
import { checkConcurrency } from './checks/lambda.js';
import { checkStripeSecret } from './checks/secrets.js';
import { checkMail } from './checks/ses.js';
import type { CheckResult } from './outcome.js';
import { deployClientConfig, type DeployClientOptions } from './sdk.js';

export interface ClientOptions extends DeployClientOptions {
  /** ACM's DescribeCertificate (checks/certificate.ts), in us-east-1; tests may pass their own. */
  readCertificate?: CertificateReader;
}

export type Clients = ReturnType<typeof makeClients>;

export function makeClients(options: DeployClientOptions) {
  const config = deployClientConfig(options);
  return {
    sts: new STSClient(config),
    ssm: new SSMClient(config),
    lambda: new LambdaClient(config),
    ses: new SESv2Client(config),
    bedrock: new BedrockClient(config),
    apiGateway: new APIGatewayClient(config),
    secrets: new SecretsManagerClient(config),
    cloudFormation: new CloudFormationClient(config),
  };
}

export interface CheckContext {
  needs: StackNeeds;
  clients: Clients;
  region: string;
  account: string;
}

/** Every check, in the report's order. Without credentials only that is reported. */
export async function runPreflight(
  needs: StackNeeds,
  options: ClientOptions = {},
): Promise<{ region: string; account?: string; results: CheckResult[] }> {
  const { readCertificate, ...clientOptions } = options;
  const clients = makeClients({ region: needs.region, ...clientOptions });
  try {
    const region = needs.region ?? (await clients.sts.config.region());
    const caller = await checkCredentials(clients, needs);
    if (!caller.account) return { region, results: caller.results };
    const context: CheckContext = { needs, clients, region, account: caller.account };
    const groups = await Promise.all([
      checkBootstrap(context),
      checkEventsGeneration(context),
      checkConcurrency(context),
      checkMail(context),
      checkModels(context),
      checkLoggingRole(context),
      checkStripeSecret(context),
      checkCertificate(needs, readCertificate ?? certificateReader(clientOptions)),
    ]);
    return {
      region,
      account: caller.account,
      results: [...caller.results, ...groups.flat(), cloudFrontVerification(context)],
    };
  } finally {
    for (const client of Object.values(clients)) client.destroy();
  }
}

/** The process's exit code for a report: 0 to go on, 5 when something is missing (and not skipped). */
export const PREFLIGHT_FAILED = 5;
export const gate = (results: CheckResult[]) =>
  results.some((result) => result.outcome === 'missing') ? PREFLIGHT_FAILED : 0;
