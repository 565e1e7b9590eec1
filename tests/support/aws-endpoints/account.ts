/**
 * An AWS account as the deploy checks see it, answered by the same local endpoint the adapter
 * tests use (server.ts): STS, SSM, Lambda, SESv2, Bedrock, API Gateway, Secrets Manager and
 * CloudFormation, each in its own protocol, with the response shapes of the services' API references. A test
 * starts from `healthyAccount()` and breaks one thing.
 */
import { awsJsonAnswer, awsJsonError as awsJsonErrorOf } from './aws-json.js';
import { awsQueryAnswer as awsQuery, awsQueryError, awsQueryXml } from './aws-query.js';
import { restJsonAnswer as restJson, restJsonError as restJsonErrorOf } from './rest-json.js';
import type { Answer, SeenRequest } from './server.js';

// SSM and Secrets Manager speak awsJson 1.1.
const awsJson = (body: unknown) => awsJsonAnswer('1.1', body);
const awsJsonError = (type: string, message: string) => awsJsonErrorOf('1.1', type, message);
const restJsonError = (status: number, type: string, message: string) =>
  restJsonErrorOf(status, type, message, 'http://internal.amazon.com/coral/com.amazonaws.local/');

const STS_XMLNS = 'https://sts.amazonaws.com/doc/2011-06-15/';
const CFN_XMLNS = 'http://cloudformation.amazonaws.com/doc/2010-05-15/';

export interface SesIdentity {
  type: 'DOMAIN' | 'EMAIL_ADDRESS';
  status: 'SUCCESS' | 'PENDING' | 'FAILED' | 'TEMPORARY_FAILURE' | 'NOT_STARTED';
  dkimTokens?: string[];
}

export interface ModelAvailability {
  agreement: 'AVAILABLE' | 'PENDING' | 'NOT_AVAILABLE' | 'ERROR';
  authorization: 'AUTHORIZED' | 'NOT_AUTHORIZED';
  entitlement: 'AVAILABLE' | 'NOT_AVAILABLE';
  region: 'AVAILABLE' | 'NOT_AVAILABLE';
}

export interface AwsAccount {
  account: string;
  arn: string;
  /** STS refuses the credentials (expired or unknown keys). */
  credentialsRejected?: boolean;
  /** The SSM parameters (the CDK bootstrap version among them). */
  parameters: Record<string, string>;
  concurrentExecutions: number;
  ses: {
    productionAccess: boolean;
    review?: { Status: 'PENDING' | 'FAILED' | 'GRANTED' | 'DENIED'; CaseId?: string };
    sendingEnabled: boolean;
    enforcement?: 'HEALTHY' | 'PROBATION' | 'SHUTDOWN';
    identities: Record<string, SesIdentity>;
  };
  bedrock: {
    inferenceProfiles: Record<string, { status: 'ACTIVE'; models: string[] }>;
    foundationModels: Record<string, { inferenceTypes: ('ON_DEMAND' | 'PROVISIONED' | 'INFERENCE_PROFILE')[] }>;
    availability: Record<string, ModelAvailability>;
  };
  apiGatewayRoleArn?: string;
  secrets: Record<string, { deletedDate?: Date }>;
  /** The CloudFormation stacks deployed, by name, with their outputs. */
  stacks: Record<string, { outputs: Record<string, string> }>;
  /** IAM actions the caller may not call: `ses:GetAccount`, `apigateway:GET`, … */
  denied: string[];
}

export const MODEL = 'anthropic.claude-haiku-4-5-20251001-v1:0';
export const PROFILE = `us.${MODEL}`;

/** An account where every check passes, for a stack in us-east-1 that sends from no-reply@designclub.test. */
export function healthyAccount(): AwsAccount {
  return {
    account: '123456789012',
    arn: 'arn:aws:iam::123456789012:user/deployer',
    parameters: { '/cdk-bootstrap/hnb659fds/version': '27' },
    concurrentExecutions: 1000,
    ses: {
      productionAccess: true,
      sendingEnabled: true,
      enforcement: 'HEALTHY',
      identities: { 'designclub.test': { type: 'DOMAIN', status: 'SUCCESS', dkimTokens: ['tok1', 'tok2', 'tok3'] } },
    },
    bedrock: {
      inferenceProfiles: { [PROFILE]: { status: 'ACTIVE', models: [MODEL] } },
      foundationModels: { [MODEL]: { inferenceTypes: ['INFERENCE_PROFILE'] } },
      availability: {
        [MODEL]: { agreement: 'AVAILABLE', authorization: 'AUTHORIZED', entitlement: 'AVAILABLE', region: 'AVAILABLE' },
      },
    },
    apiGatewayRoleArn: undefined,
    secrets: { 'design-club/dev/stripe': {} },
    stacks: {},
    denied: [],
  };
}

const deniedMessage = (account: AwsAccount, action: string) =>
  `User: ${account.arn} is not authorized to perform: ${action} because no identity-based policy allows ` +
  `the ${action} action`;

/** Which IAM action a request needs, and its protocol's way of refusing it. */
function refusal(account: AwsAccount, request: SeenRequest, action: string): Answer | undefined {
  if (!account.denied.includes(action)) return undefined;
  const message = deniedMessage(account, action);
  if (request.service === 'sts') return awsQueryError(403, STS_XMLNS, 'AccessDenied', message);
  if (request.service === 'cloudformation') return awsQueryError(403, CFN_XMLNS, 'AccessDenied', message);
  if (request.operation) return awsJsonError('AccessDeniedException', message);
  return restJsonError(403, 'AccessDeniedException', message);
}

/** What the account answers: each request dispatched by service, then operation or path. */
export function answerAs(account: AwsAccount): (request: SeenRequest) => Answer {
  return (request) => {
    const { service, operation, method, path } = request;
    const json = () => JSON.parse(request.body || '{}') as Record<string, string>;
    const route = (action: string, answer: () => Answer) => refusal(account, request, action) ?? answer();
    const rest = (pattern: RegExp) => (method === 'GET' ? pattern.exec(path) : null);

    if (service === 'sts' && operation === 'GetCallerIdentity') {
      if (account.credentialsRejected)
        return awsQueryError(
          403,
          STS_XMLNS,
          'InvalidClientTokenId',
          'The security token included in the request is invalid.',
        );
      return route('sts:GetCallerIdentity', () =>
        awsQuery('GetCallerIdentity', STS_XMLNS, {
          Arn: account.arn,
          UserId: 'AIDALOCALWIRE',
          Account: account.account,
        }),
      );
    }
    if (service === 'ssm' && operation === 'GetParameter') {
      const { Name } = json();
      return route('ssm:GetParameter', () => {
        const value = account.parameters[Name!];
        if (value === undefined) return awsJsonError('ParameterNotFound', '');
        return awsJson({
          Parameter: {
            Name,
            Type: 'String',
            Value: value,
            Version: 1,
            DataType: 'text',
            ARN: `arn:aws:ssm:us-east-1:${account.account}:parameter${Name}`,
          },
        });
      });
    }
    if (service === 'lambda' && rest(/^\/2016-08-19\/account-settings\/?$/)) {
      return route('lambda:GetAccountSettings', () =>
        restJson({
          AccountLimit: {
            TotalCodeSize: 80530636800,
            CodeSizeUnzipped: 262144000,
            CodeSizeZipped: 52428800,
            ConcurrentExecutions: account.concurrentExecutions,
            UnreservedConcurrentExecutions: account.concurrentExecutions,
          },
          AccountUsage: { TotalCodeSize: 0, FunctionCount: 0 },
        }),
      );
    }
    if (service === 'ses' && rest(/^\/v2\/email\/account$/)) {
      const { ses } = account;
      return route('ses:GetAccount', () =>
        restJson({
          DedicatedIpAutoWarmupEnabled: false,
          EnforcementStatus: ses.enforcement ?? 'HEALTHY',
          ProductionAccessEnabled: ses.productionAccess,
          SendQuota: ses.productionAccess
            ? { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 }
            : { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
          SendingEnabled: ses.sendingEnabled,
          SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
          ...(ses.review
            ? {
                Details: {
                  MailType: 'TRANSACTIONAL',
                  WebsiteURL: 'https://designclub.test',
                  ContactLanguage: 'EN',
                  ReviewDetails: ses.review,
                },
              }
            : {}),
        }),
      );
    }
    const identity = service === 'ses' ? rest(/^\/v2\/email\/identities\/([^/]+)$/) : null;
    if (identity) {
      return route('ses:GetEmailIdentity', () => {
        const found = account.ses.identities[identity[1]!];
        if (!found) return restJsonError(404, 'NotFoundException', `Email identity ${identity[1]} does not exist.`);
        return restJson({
          IdentityType: found.type,
          FeedbackForwardingStatus: true,
          VerifiedForSendingStatus: found.status === 'SUCCESS',
          VerificationStatus: found.status,
          DkimAttributes:
            found.type === 'DOMAIN'
              ? {
                  SigningEnabled: true,
                  Status: found.status,
                  Tokens: found.dkimTokens ?? [],
                  SigningAttributesOrigin: 'AWS_SES',
                  CurrentSigningKeyLength: 'RSA_2048_BIT',
                }
              : { SigningEnabled: false, Status: 'NOT_STARTED' },
          MailFromAttributes: { MailFromDomainStatus: 'SUCCESS', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
          Policies: {},
          Tags: [],
        });
      });
    }
    if (service === 'bedrock') {
      const profile = rest(/^\/inference-profiles\/(.+)$/);
      if (profile) {
        return route('bedrock:GetInferenceProfile', () => {
          const found = account.bedrock.inferenceProfiles[profile[1]!];
          if (!found)
            return restJsonError(404, 'ResourceNotFoundException', 'The specified inference profile was not found.');
          return restJson({
            inferenceProfileName: `US ${profile[1]}`,
            inferenceProfileArn: `arn:aws:bedrock:us-east-1:${account.account}:inference-profile/${profile[1]}`,
            inferenceProfileId: profile[1],
            models: found.models.map((model) => ({ modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${model}` })),
            status: found.status,
            type: 'SYSTEM_DEFINED',
          });
        });
      }
      const model = rest(/^\/foundation-models\/(.+)$/);
      if (model) {
        return route('bedrock:GetFoundationModel', () => {
          const found = account.bedrock.foundationModels[model[1]!];
          if (!found) return restJsonError(404, 'ResourceNotFoundException', 'The specified model was not found.');
          return restJson({
            modelDetails: {
              modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${model[1]}`,
              modelId: model[1],
              modelName: 'Claude Haiku 4.5',
              providerName: 'Anthropic',
              inputModalities: ['TEXT', 'IMAGE'],
              outputModalities: ['TEXT'],
              responseStreamingSupported: true,
              inferenceTypesSupported: found.inferenceTypes,
              modelLifecycle: { status: 'ACTIVE' },
            },
          });
        });
      }
      const availability = rest(/^\/foundation-model-availability\/(.+)$/);
      if (availability) {
        return route('bedrock:GetFoundationModelAvailability', () => {
          const found = account.bedrock.availability[availability[1]!];
          if (!found) return restJsonError(404, 'ResourceNotFoundException', 'The specified model was not found.');
          return restJson({
            modelId: availability[1],
            agreementAvailability: {
              status: found.agreement,
              ...(found.agreement === 'ERROR' ? { errorMessage: 'Payment instrument declined' } : {}),
            },
            authorizationStatus: found.authorization,
            entitlementAvailability: found.entitlement,
            regionAvailability: found.region,
          });
        });
      }
    }
    if (service === 'apigateway' && rest(/^\/account$/)) {
      return route('apigateway:GET', () =>
        restJson({
          ...(account.apiGatewayRoleArn ? { cloudwatchRoleArn: account.apiGatewayRoleArn } : {}),
          throttleSettings: { burstLimit: 5000, rateLimit: 10000 },
          features: ['UsagePlans'],
          apiKeyVersion: '4',
        }),
      );
    }
    if (service === 'secretsmanager' && operation === 'DescribeSecret') {
      const { SecretId } = json();
      return route('secretsmanager:DescribeSecret', () => {
        const found = account.secrets[SecretId!];
        if (!found)
          return awsJsonError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
        return awsJson({
          ARN: `arn:aws:secretsmanager:us-east-1:${account.account}:secret:${SecretId}-AbCdEf`,
          Name: SecretId,
          LastChangedDate: 1.7e9,
          CreatedDate: 1.7e9,
          ...(found.deletedDate ? { DeletedDate: found.deletedDate.getTime() / 1000 } : {}),
          VersionIdsToStages: { 'v-1': ['AWSCURRENT'] },
        });
      });
    }
    if (service === 'cloudformation' && operation === 'DescribeStacks') {
      const name = new URLSearchParams(request.body).get('StackName') ?? '';
      return route('cloudformation:DescribeStacks', () => {
        const found = account.stacks[name];
        if (!found) return awsQueryError(400, CFN_XMLNS, 'ValidationError', `Stack with id ${name} does not exist`);
        const outputs = Object.entries(found.outputs)
          .map(([key, value]) => `<member><OutputKey>${key}</OutputKey><OutputValue>${value}</OutputValue></member>`)
          .join('');
        return awsQueryXml(
          'DescribeStacks',
          CFN_XMLNS,
          `<Stacks><member><StackName>${name}</StackName>` +
            `<StackId>arn:aws:cloudformation:us-east-1:${account.account}:stack/${name}/local-1</StackId>` +
            '<CreationTime>2026-11-01T10:00:00Z</CreationTime><StackStatus>UPDATE_COMPLETE</StackStatus>' +
            `<Outputs>${outputs}</Outputs></member></Stacks>`,
        );
      });
    }
    return restJsonError(
      400,
      'UnknownOperationException',
      `The local account does not answer ${service} ${operation ?? `${method} ${path}`}.`,
    );
  };
}
