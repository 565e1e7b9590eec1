/**
 * What a synthesized stack needs from its account, read from the cloud assembly that `cdk deploy`
 * will deploy (not from cdk.json): the stack decides its region's model, its sender and its
 * secret name, and the templates are the only place where all of that is final.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AssetManifestArtifact, CloudAssembly, UNKNOWN_ACCOUNT, UNKNOWN_REGION } from 'aws-cdk-lib/cx-api';

/** What CDK's bootstrap template writes when no qualifier is given (DefaultStackSynthesizer). */
export const DEFAULT_BOOTSTRAP_PARAMETER = '/cdk-bootstrap/hnb659fds/version';
/** Lambda refuses a reservation that would leave fewer unreserved concurrent executions than this. */
export const UNRESERVED_MINIMUM = 100;

export interface StackNeeds {
  stackName: string;
  /** The stack's environment; undefined where the assembly is environment-agnostic. */
  region?: string;
  account?: string;
  /** The highest bootstrap version the stack and its asset manifests require, and where it is read. */
  bootstrap: { version: number; parameter: string };
  /** Lambda functions in every template, their reserved and provisioned concurrency summed. */
  concurrency: { functions: number; reserved: number; provisioned: number };
  /** Addresses the functions send mail from (MAIL_FROM); empty when no function sends mail. */
  senders: string[];
  /** The SES identity the user pool sends its own mails through, when Cognito uses SES. */
  cognitoSesIdentity?: string;
  /** Bedrock models or inference profiles the functions invoke (BEDROCK_MODEL_ID). */
  modelIds: string[];
  /** The Secrets Manager secret with the Stripe keys, which the stack reads but never creates. */
  stripeSecretName?: string;
  /**
   * The custom domain's certificate (CloudFront's viewer certificate) and the names it must cover, when the stack has
   * one.
   */
  certificate?: { arn: string; domainNames: string[] };
  /**
   * The events table generation the handlers of this assembly use (the parent template's output
   * `EventsGeneration`; 1 when the template has none, as before generations were published).
   */
  eventsGeneration: number;
  apiGatewayLogging: {
    /** Stages whose logs go through the region's API Gateway logging role (WebSocket and REST stages). */
    stagesNeedingRole: string[];
    /** The stack sets that role itself (AWS::ApiGateway::Account). */
    createsRole: boolean;
  };
}

type Resource = { Type: string; Properties?: Record<string, unknown> };
type Template = { Resources?: Record<string, Resource>; Outputs?: Record<string, { Value?: unknown }> };

/** The literal text of a template value: a string, or a Fn::Join of strings and references (references dropped). */
function literal(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] } | null)?.['Fn::Join'];
  if (!Array.isArray(join) || !Array.isArray(join[1])) return undefined;
  return join[1].map((part) => (typeof part === 'string' ? part : '\u0000')).join(join[0]);
}

/** The part of an ARN after `marker`, when that part is literal in the template. */
function arnTail(value: unknown, marker: string): string | undefined {
  const text = literal(value);
  const at = text?.lastIndexOf(marker) ?? -1;
  if (text === undefined || at < 0) return undefined;
  const tail = text.slice(at + marker.length);
  return tail && !tail.includes('\u0000') ? tail : undefined;
}

/** A published events generation ("2"); 1 for none, or for anything that is not a whole number from 1 up. */
export function generationOf(value: unknown): number {
  const generation = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  return Number.isInteger(generation) && generation >= 1 ? generation : 1;
}

/** The stack's template and its nested stacks' templates (file assets of its asset manifests). */
function templates(assembly: CloudAssembly, stackName: string) {
  const stack = assembly.getStackByName(stackName);
  const manifests = stack.dependencies.filter((artifact) => AssetManifestArtifact.isAssetManifestArtifact(artifact));
  const files = new Set<string>([stack.templateFullPath]);
  for (const manifest of manifests) {
    for (const asset of Object.values(manifest.contents.files ?? {})) {
      const path = asset.source.path;
      if (path && /\.template\.json$/.test(path)) files.add(join(assembly.directory, path));
    }
  }
  const parsed = [...files]
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')) as Template);
  return { stack, manifests, templates: parsed };
}

/** Reads the needs of `stackName` from the cloud assembly in `directory` (`cdk synth -o directory`). */
export function readStackNeeds(directory: string, stackName: string): StackNeeds {
  const { stack, manifests, templates: all } = templates(new CloudAssembly(directory), stackName);
  const requirements = [stack, ...manifests].filter((artifact) => artifact.requiresBootstrapStackVersion !== undefined);
  const bootstrap = {
    version: Math.max(0, ...requirements.map((artifact) => artifact.requiresBootstrapStackVersion!)),
    parameter:
      requirements.find((artifact) => artifact.bootstrapStackVersionSsmParameter)?.bootstrapStackVersionSsmParameter ??
      DEFAULT_BOOTSTRAP_PARAMETER,
  };

  const concurrency = { functions: 0, reserved: 0, provisioned: 0 };
  const senders = new Set<string>();
  const modelIds = new Set<string>();
  const stagesNeedingRole: string[] = [];
  let createsRole = false;
  let cognitoSesIdentity: string | undefined;
  let stripeSecretName: string | undefined;
  let certificate: StackNeeds['certificate'];

  for (const template of all) {
    const resources = template.Resources ?? {};
    for (const [logicalId, { Type, Properties = {} }] of Object.entries(resources)) {
      switch (Type) {
        case 'AWS::Lambda::Function': {
          concurrency.functions += 1;
          concurrency.reserved += Number(Properties.ReservedConcurrentExecutions ?? 0);
          const variables =
            (Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
          if (typeof variables.MAIL_FROM === 'string' && variables.MAIL_FROM) senders.add(variables.MAIL_FROM);
          if (typeof variables.BEDROCK_MODEL_ID === 'string' && variables.BEDROCK_MODEL_ID)
            modelIds.add(variables.BEDROCK_MODEL_ID);
          stripeSecretName ??= arnTail(variables.STRIPE_SECRET_ARN, ':secret:');
          break;
        }
        case 'AWS::Lambda::Alias':
        case 'AWS::Lambda::Version': {
          const provisioned = (
            Properties.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions?: number } | undefined
          )?.ProvisionedConcurrentExecutions;
          concurrency.provisioned += Number(provisioned ?? 0);
          break;
        }
        case 'AWS::Cognito::UserPool': {
          const email = Properties.EmailConfiguration as
            | { EmailSendingAccount?: string; SourceArn?: unknown }
            | undefined;
          if (email?.EmailSendingAccount === 'DEVELOPER') cognitoSesIdentity = arnTail(email.SourceArn, ':identity/');
          break;
        }
        case 'AWS::ApiGatewayV2::Stage': {
          // HTTP APIs log through a service-linked role; WebSocket stages use the account's role.
          const apiId = (Properties.ApiId as { Ref?: string } | undefined)?.Ref;
          const api = apiId ? resources[apiId] : undefined;
          const websocket = api?.Properties?.ProtocolType === 'WEBSOCKET';
          const executionLogs = (Properties.DefaultRouteSettings as { LoggingLevel?: string } | undefined)
            ?.LoggingLevel;
          if (websocket && (Properties.AccessLogSettings || (executionLogs && executionLogs !== 'OFF')))
            stagesNeedingRole.push(logicalId);
          break;
        }
        case 'AWS::ApiGateway::Stage': {
          const methods = (Properties.MethodSettings as { LoggingLevel?: string }[] | undefined) ?? [];
          if (
            Properties.AccessLogSetting ||
            methods.some((method) => method.LoggingLevel && method.LoggingLevel !== 'OFF')
          )
            stagesNeedingRole.push(logicalId);
          break;
        }
        case 'AWS::ApiGateway::Account':
          createsRole = true;
          break;
        case 'AWS::CloudFront::Distribution': {
          const config = Properties.DistributionConfig as
            | { Aliases?: unknown[]; ViewerCertificate?: { AcmCertificateArn?: unknown } }
            | undefined;
          const arn = config?.ViewerCertificate?.AcmCertificateArn;
          if (typeof arn === 'string') {
            certificate = {
              arn,
              domainNames: (config?.Aliases ?? []).filter((alias): alias is string => typeof alias === 'string'),
            };
          }
          break;
        }
      }
    }
    const output = template.Outputs?.StripeSecretName?.Value;
    if (typeof output === 'string' && output) stripeSecretName = output;
  }

  const { account, region } = stack.environment;
  return {
    stackName,
    region: region === UNKNOWN_REGION ? undefined : region,
    account: account === UNKNOWN_ACCOUNT ? undefined : account,
    bootstrap,
    concurrency,
    senders: [...senders],
    cognitoSesIdentity,
    modelIds: [...modelIds],
    stripeSecretName,
    certificate,
    eventsGeneration: generationOf((stack.template as Template).Outputs?.EventsGeneration?.Value),
    apiGatewayLogging: { stagesNeedingRole, createsRole },
  };
}
