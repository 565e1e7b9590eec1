import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { readAssembly, assetHashIn, type Assembly, type StackNode, type TemplateResource } from './assembly.js';
import { matchesPattern, type EventPattern } from './event-pattern.js';
import { LambdaContainer, type FunctionSpec, type InvokeOutcome } from './functions.js';
import { AwsGateway, type AwsCall } from './gateway.js';
import { StripeStandIn } from './stripe.js';
import { TemplateHttpApi, type TemplateRoute } from './http-api.js';
import { IamModel, type Decision } from './iam.js';
import { ACCOUNT, REGION, Resolver } from './resolve.js';
import { startDynamo } from '../local/dynamo.js';
import { startKms, type LocalKms } from '../local/kms.js';
import { localCodec } from '../local/personal-data.js';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { startS3 } from '../local/s3.js';
import { s3Gate } from '../local/s3-gate.js';
import { startCognito, type CognitoTrigger, type EmbeddedCognito } from '../local/cognito/index.js';
import { OutboxMailer } from '../local/outbox-mailer.js';
import { proxyTo } from '../local/proxy.js';
import { seedTeam } from './team.js';
import type { JourneyTarget } from './journey.js';
import { plainTextOf } from '../../functions/features/users/triggers/custom-message.js';

/** Something the rehearsal found wrong, naming the resource. */
export interface Finding {
  kind: 'init' | 'invoke' | 'iam' | 'authorizer' | 'wiring' | 'delivery' | 'template';
  resource: string;
  message: string;
}

export interface RuleTarget {
  ruleId: string;
  functionId: string;
  retryAttempts: number;
  maxAgeSeconds: number;
  deadLetterQueue?: string;
}

export interface Rule {
  id: string;
  bus: string;
  pattern?: EventPattern;
  schedule?: string;
  targets: RuleTarget[];
}

export interface DeliveredEvent {
  entry: { Source: string; DetailType: string; Detail: string; EventBusName?: string };
  publisher: string;
  matchedRules: string[];
}

export interface RehearsalOptions {
  assemblyDir: string;
  nodeBinary: string;
  port?: number;
  /** Print every function's log lines. */
  verbose?: boolean;
  /** Also load every function's handler in a container at start (slow). Default: the static check only. */
  initAll?: boolean;
}

const SECRET_KEY = 'rehearsal-secret-access-key';

/** An operator's credentials in the rehearsal (docs/deploy.md: administrator rights), for `npm run redrive`. */
export const OPERATOR_CREDENTIALS = { accessKeyId: 'AKIAREHEARSALOPERATOR', secretAccessKey: SECRET_KEY };
const OPERATOR = 'operator';
const PLANNED_OUTAGE = 'Rehearsal.PlannedOutage';

/** The operator holds AdministratorAccess: every call is allowed (and not counted among the functions' decisions). */
const operatorDecision = (check: AwsCall['checks'][number]): Decision => ({
  allowed: true,
  functionId: OPERATOR,
  ...check,
  wildcards: [],
});

export interface QueuedMessage {
  id: string;
  body: string;
  /** Message attributes (an EventBridge DLQ's ERROR_CODE, ERROR_MESSAGE). */
  attributes: Record<string, string>;
  sentAt: number;
  /** Hidden from receivers until then (the visibility timeout of the last receive). */
  visibleAt: number;
  receipt: string;
  receives: number;
}

/**
 * The product run from a cloud assembly: the functions of its templates in containers of their own on
 * the Lambda runtime's Node, wired as the templates wire them (HTTP and WebSocket routes, rules,
 * triggers), every AWS call evaluated against the caller's role. See docs/testing.md "The rehearsal".
 */
export class Rehearsal {
  readonly findings: Finding[] = [];
  readonly events: DeliveredEvent[] = [];
  readonly deadLetters: { queue: string; ruleId: string; functionId: string; event: unknown; error: string }[] = [];
  /** The SQS queues' messages by queue name: what lands in a dead-letter queue, for `npm run redrive`. */
  readonly queues = new Map<string, QueuedMessage[]>();
  /** Each function's asynchronous invocation settings (AWS::Lambda::EventInvokeConfig). */
  private readonly asyncInvoke = new Map<string, { retries: number; onFailureQueue?: string }>();
  /** Planned outages: the next N invocations of a function fail (a drill, not a finding). */
  private readonly outages = new Map<string, number>();
  readonly functions = new Map<string, LambdaContainer>();
  readonly rules: Rule[] = [];
  url = '';
  cognito!: EmbeddedCognito;
  outbox!: OutboxMailer;
  iam!: IamModel;
  gateway!: AwsGateway;
  api!: TemplateHttpApi;
  resolver!: Resolver;
  assembly!: Assembly;
  /** Table names by logical id, and the partition keys by table name. */
  readonly tables = new Map<string, { name: string; partitionKey: string; logicalId: string }>();
  startedMs = 0;
  private readonly stops: (() => Promise<unknown> | unknown)[] = [];
  private readonly byArn = new Map<string, string>();
  private readonly byAccessKey = new Map<string, FunctionSpec>();
  private readonly sockets = new Map<string, WebSocket>();
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  private readonly logs = new Map<string, string[]>();

  private constructor(private readonly options: RehearsalOptions) {}

  static async start(options: RehearsalOptions): Promise<Rehearsal> {
    const rehearsal = new Rehearsal(options);
    try {
      await rehearsal.boot();
    } catch (error) {
      await rehearsal.stop();
      throw error;
    }
    return rehearsal;
  }

  private async boot() {
    const started = Date.now();
    this.assembly = readAssembly(this.options.assemblyDir);
    const dataDir = await mkdtemp(join(tmpdir(), 'design-club-rehearsal-'));
    this.stops.push(() => rm(dataDir, { recursive: true, force: true }));
    const secret = randomBytes(16).toString('hex');

    const dynamo = await startDynamo({ secret });
    this.dynamoEndpoint = dynamo.endpoint;
    this.stops.push(dynamo.stop);
    // KMS's stand-in, answering to the stack's data key as the functions' environment names it.
    this.kms = await startKms({ alsoNamed: (keyId) => keyId === this.environmentValue('KMS_KEY_ID') });
    this.stops.push(this.kms.close);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.stops.unshift(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.outbox = new OutboxMailer(join(dataDir, 'outbox'));
    // Stripe calls the stack's public webhook route, as it would the API's custom domain.
    await this.stripe.start(`${this.url}/api/billing/webhook`);
    this.stops.unshift(() => this.stripe.stop());

    // The resolver reads the local pool lazily: nothing below asks for it before Cognito has started.
    this.resolver = new Resolver(this.assembly, (stack, logicalId, resource, attribute) =>
      this.override(stack, logicalId, resource, attribute),
    );
    // The user pool's triggers (LambdaConfig) name function ARNs: Cognito calls them by that name.
    const triggers = this.readCognitoTriggers();
    const triggerFunctions = Object.fromEntries(
      Object.values(triggers).map((arn) => [
        arn,
        (event: unknown) => this.invokeOrThrow(this.functionOf(arn) ?? arn, event),
      ]),
    );
    this.cognito = await startCognito({
      dataDir: join(dataDir, 'cognito'),
      functions: triggerFunctions,
      triggers,
      adminSecret: secret,
      onMessage: async (message) => {
        if (message.medium !== 'EMAIL') return;
        const html = message.message ?? `<p>Your Design Club code is ${message.code ?? ''}</p>`;
        await this.outbox.send({
          to: message.destination,
          subject: message.subject ?? 'Your Design Club code',
          text: plainTextOf(html),
          html,
          tag: 'cognito',
        });
      },
    });
    this.stops.unshift(() => this.cognito.stop());
    this.gateway = new AwsGateway({
      caller: (key) => {
        if (key === OPERATOR_CREDENTIALS.accessKeyId) return { functionId: OPERATOR, roleArn: OPERATOR };
        const spec = this.byAccessKey.get(key);
        return spec && { functionId: spec.id, roleArn: spec.roleArn };
      },
      queue: (name) => this.queues.get(name),
      authorize: (roleArn, functionId, check) =>
        roleArn === OPERATOR
          ? Promise.resolve(operatorDecision(check))
          : this.iam.authorize(roleArn, { functionId, ...check }),
      partitionKeyOf: (table) => [...this.tables.values()].find((entry) => entry.name === table)?.partitionKey,
      dynamoEndpoint: dynamo.endpoint,
      cognitoAdminEndpoint: this.cognito.endpoint,
      cognitoPublicEndpoint: this.cognito.publicEndpoint,
      kmsEndpoint: this.kms.endpoint,
      s3: (req, res, key) => this.s3Gate(key, req, res),
      putEvents: (caller, entries) => this.putEvents(caller, entries),
      sendEmail: (_caller, body) => this.sendEmail(body),
      getSecret: (id) => this.secrets.get(id),
      secretArnOf: (id) => this.secretArns.get(id),
      postToConnection: (_api, _stage, connectionId, method, body) => this.postToConnection(connectionId, method, body),
    });
    await this.gateway.start();
    this.stops.unshift(() => this.gateway.stop());

    this.iam = new IamModel(this.assembly, this.resolver);

    await this.createTables(dynamo.endpoint);
    await this.createBuckets(dataDir, secret);
    this.readSecrets();
    this.readFunctions();
    this.readOperatorSecrets();
    this.readQueuesAndAsyncInvokeConfigs();
    this.readRules();
    for (const [trigger, arn] of Object.entries(this.cognitoTriggers)) {
      if (!this.functionOf(arn))
        this.finding('wiring', `user pool trigger ${trigger}`, `names ${arn}, no function of the assembly`);
    }
    const routes = this.readHttpRoutes();
    this.api = new TemplateHttpApi(
      routes,
      (functionId, event) => this.invoke(functionId, event),
      (issuer) =>
        issuer === this.templateIssuer() ? { issuer: this.cognito.issuer, jwksUri: this.cognito.jwksUri } : undefined,
      (route, reason) =>
        this.finding(
          'authorizer',
          `${route.authorizer!.logicalId} (${route.routeKey})`,
          `refused a token before ${route.functionId} ran: ${reason}`,
        ),
    );
    const websocket = this.readWebSocketRoutes();
    const cognitoProxy = proxyTo(() => this.cognito.publicEndpoint, '/cognito', 1024 * 1024);

    const edge = this.readEdge();
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0]!;
      // What CloudFront forwards: its origin headers and the viewer's address (a viewer's own copies are replaced).
      for (const behaviour of edge) {
        if (!behaviour.pattern.test(path)) continue;
        Object.assign(req.headers, behaviour.headers, {
          'cloudfront-viewer-address': `${req.socket.remoteAddress ?? '127.0.0.1'}:${req.socket.remotePort ?? 0}`,
        });
        break;
      }
      const work =
        path === '/cognito' || path.startsWith('/cognito/')
          ? cognitoProxy(req, res)
          : readBody(req).then((body) => this.api.handle(req, res, body));
      work.catch((error) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(error));
      });
    });
    this.attachWebSocket(server, websocket);
    this.checkHandlers();
    if (this.options.initAll) await this.initAll();
    this.startedMs = Date.now() - started;
  }

  // ---- resolution: the template's resources as the local services hold them ----

  private userPoolId(): string {
    return this.cognito.userPoolId;
  }

  private templateIssuer(): string {
    return `https://cognito-idp.${REGION}.amazonaws.com/${this.userPoolId()}`;
  }

  private override(_stack: StackNode, _logicalId: string, resource: TemplateResource, attribute: string): unknown {
    if (resource.Type === 'AWS::Cognito::UserPool') {
      const id = this.userPoolId();
      if (attribute === 'Ref' || attribute === 'UserPoolId') return id;
      if (attribute === 'Arn') return `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${id}`;
      if (attribute === 'ProviderURL') return this.templateIssuer();
      if (attribute === 'ProviderName') return this.templateIssuer().replace('https://', '');
    }
    if (resource.Type === 'AWS::Cognito::UserPoolClient' && attribute === 'Ref') return this.cognito.clientId;
    // A queue's URL names the rehearsal's endpoint, as an emulator's do: the SQS client sends a call to
    // its queue URL's host (useQueueUrlAsEndpoint), so an AWS URL would leave this machine.
    if (resource.Type === 'AWS::SQS::Queue' && (attribute === 'Ref' || attribute === 'QueueUrl'))
      return `${this.gateway.url}/${ACCOUNT}/${this.resolver.nameOf(_stack, _logicalId, resource)}`;
    return undefined;
  }

  /**
   * Values AWS would serve at public addresses, pointed at this machine: the WebSocket management
   * endpoint (https://<api>.execute-api.<region>.amazonaws.com/<stage>) at the rehearsal's AWS
   * endpoint, the site's CloudFront or custom domain at the rehearsal's port.
   */
  private localise(value: string): string {
    return this.dynamicReferences(value)
      .replace(
        /^https:\/\/([a-z0-9-]+)\.execute-api\.[a-z0-9-]+\.amazonaws\.com/,
        (_, api: string) => `${this.gateway.url}/_execute-api/${api}`,
      )
      .replace(/^https:\/\/[a-z0-9.-]+\.cloudfront\.net/, this.url);
  }

  /**
   * CloudFormation's dynamic references, `{{resolve:secretsmanager:<id>:SecretString:<json-key>:...}}`,
   * resolved at deploy time from the rehearsal's secrets (generated as the templates ask).
   */
  dynamicReferences(value: string): string {
    return value.replace(
      /\{\{resolve:secretsmanager:(.+?):SecretString:([^:}]*)(?::[^}]*)?\}\}/g,
      (whole, id: string, jsonKey: string) => {
        const secret = this.secrets.get(id);
        if (secret === undefined) {
          this.finding('template', id, `a dynamic reference names a secret the assembly does not create (${whole})`);
          return '';
        }
        return jsonKey ? String((JSON.parse(secret) as Record<string, unknown>)[jsonKey] ?? '') : secret;
      },
    );
  }

  /**
   * CloudFront in front of the HTTP API: the distribution's behaviour for a path whose origin is the
   * HTTP API adds that origin's custom headers (the origin secret) as CloudFront does.
   */
  private readEdge(): { pattern: RegExp; headers: Record<string, string> }[] {
    const behaviours: { pattern: RegExp; headers: Record<string, string> }[] = [];
    for (const stack of this.assembly.all) {
      for (const resource of Object.values(stack.template.Resources)) {
        if (resource.Type !== 'AWS::CloudFront::Distribution') continue;
        const config = this.resolver.resolve(stack, resource.Properties?.DistributionConfig ?? {});
        for (const behaviour of config.CacheBehaviors ?? []) {
          const origin = (config.Origins ?? []).find(
            (candidate: { Id: string }) => candidate.Id === behaviour.TargetOriginId,
          );
          if (!origin || !/\.execute-api\./.test(String(origin.DomainName))) continue;
          const headers = Object.fromEntries(
            (origin.OriginCustomHeaders ?? []).map((h: { HeaderName: string; HeaderValue: string }) => [
              h.HeaderName.toLowerCase(),
              this.dynamicReferences(String(h.HeaderValue)),
            ]),
          );
          const pattern = new RegExp(
            `^${String(behaviour.PathPattern)
              .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '.*')}$`,
          );
          behaviours.push({ pattern, headers });
        }
      }
    }
    return behaviours;
  }

  private async createTables(endpoint: string) {
    const client = new DynamoDBClient({
      endpoint,
      region: REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::DynamoDB::Table' && resource.Type !== 'AWS::DynamoDB::GlobalTable') continue;
        const p = this.resolver.resolve(stack, resource.Properties ?? {});
        const name = String(this.resolver.attribute(stack, logicalId, 'Ref'));
        const index = (gsi: any) => ({
          IndexName: gsi.IndexName,
          KeySchema: gsi.KeySchema,
          Projection: gsi.Projection,
        });
        await client.send(
          new CreateTableCommand({
            TableName: name,
            BillingMode: 'PAY_PER_REQUEST',
            AttributeDefinitions: p.AttributeDefinitions,
            KeySchema: p.KeySchema,
            ...(p.GlobalSecondaryIndexes?.length
              ? { GlobalSecondaryIndexes: p.GlobalSecondaryIndexes.map(index) }
              : {}),
            ...(p.LocalSecondaryIndexes?.length ? { LocalSecondaryIndexes: p.LocalSecondaryIndexes.map(index) } : {}),
          }),
        );
        const partitionKey = (p.KeySchema as { AttributeName: string; KeyType: string }[]).find(
          (key) => key.KeyType === 'HASH',
        )!.AttributeName;
        this.tables.set(`${stack.path}/${logicalId}`, { name, partitionKey, logicalId });
      }
    }
    client.destroy();
  }

  private gates = new Map<string, ReturnType<typeof s3Gate>>();
  private s3Upstream = '';
  private s3Secret = '';

  private async createBuckets(dataDir: string, secret: string) {
    const names: string[] = [];
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type === 'AWS::S3::Bucket') names.push(String(this.resolver.attribute(stack, logicalId, 'Ref')));
      }
    }
    if (!names.length) return;
    const s3 = await startS3({ directory: join(dataDir, 's3'), bucket: names[0]!, secret });
    this.stops.push(s3.stop);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    for (const name of names.slice(1))
      await client.send(new CreateBucketCommand({ Bucket: name })).catch(() => undefined);
    client.destroy();
    this.s3Upstream = await this.s3rverFront(s3.endpoint);
    this.s3Secret = secret;
  }

  /**
   * s3rver knows one access key (S3RVER) and checks no signature: once the gate has verified the
   * caller's signature, the request reaches s3rver under that key.
   */
  private async s3rverFront(upstream: string): Promise<string> {
    const target = new URL(upstream);
    const front = createServer((req, res) => {
      const headers = { ...req.headers, host: target.host };
      if (headers.authorization)
        headers.authorization = headers.authorization.replace(/Credential=[^/]+\//, 'Credential=S3RVER/');
      const path = (req.url ?? '/').replace(/X-Amz-Credential=[^%&]+(%2F|\/)/, 'X-Amz-Credential=S3RVER$1');
      const forwarded = request(
        { hostname: target.hostname, port: target.port, method: req.method, path, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.writeHead(502).end());
      req.pipe(forwarded);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    this.stops.push(
      () =>
        new Promise<void>((resolve) => {
          front.closeAllConnections();
          front.close(() => resolve());
        }),
    );
    return `http://127.0.0.1:${(front.address() as AddressInfo).port}${target.pathname.replace(/\/$/, '')}`;
  }

  /** S3's own checks (signatures, POST policies) for one caller's key, as the embedded stack's gate makes them. */
  private async s3Gate(accessKeyId: string, req: IncomingMessage, res: ServerResponse) {
    const bucket = new URL(req.url ?? '/', 'http://local').pathname.split('/')[1] ?? '';
    const key = `${accessKeyId}|${bucket}`;
    let gate = this.gates.get(key);
    if (!gate) {
      gate = s3Gate({
        prefix: '',
        upstream: this.s3Upstream,
        bucket,
        region: REGION,
        credentials: { accessKeyId, secretAccessKey: SECRET_KEY },
      });
      this.gates.set(key, gate);
      this.stops.push(() => gate!.close());
    }
    void this.s3Secret;
    await gate.handle(req, res);
  }

  readonly secrets = new Map<string, string>();
  /** A secret's full ARN (with the six characters Secrets Manager appends) by any id it is asked by. */
  private readonly secretArns = new Map<string, string>();
  readonly stripe = new StripeStandIn();

  /**
   * The Stripe secret the stack names (STRIPE_SECRET_ARN) but does not create: the operator creates it
   * before the first deploy (docs/deploy.md); here it holds the Stripe stand-in's keys.
   */
  private readOperatorSecrets() {
    const stripeSecret = this.environmentValue('STRIPE_SECRET_ARN');
    if (!stripeSecret) return;
    this.secrets.set(stripeSecret, this.stripe.secretString());
    this.secretArns.set(stripeSecret, `${stripeSecret}-AbCdEf`);
  }

  private readSecrets() {
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::SecretsManager::Secret') continue;
        const p = this.resolver.resolve(stack, resource.Properties ?? {});
        const generate = p.GenerateSecretString;
        const value =
          p.SecretString ??
          (generate?.SecretStringTemplate
            ? JSON.stringify({
                ...JSON.parse(generate.SecretStringTemplate),
                [generate.GenerateStringKey]: randomBytes(24).toString('base64url'),
              })
            : randomBytes(32).toString('base64url'));
        const arn = String(this.resolver.attribute(stack, logicalId, 'Ref'));
        this.secrets.set(arn, value);
        this.secretArns.set(arn, arn);
        if (p.Name) {
          this.secrets.set(String(p.Name), value);
          this.secretArns.set(String(p.Name), arn);
        }
      }
    }
  }

  // ---- functions ----

  private readFunctions() {
    let index = 0;
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::Lambda::Function') continue;
        const id = `${stack.path}/${logicalId}`;
        const p = resource.Properties ?? {};
        const hash = assetHashIn(p.Code?.S3Key);
        const codeDir = hash ? this.assembly.assetPath(hash) : undefined;
        const runtime = String(p.Runtime ?? '');
        if (!runtime.startsWith('nodejs') || !codeDir) {
          // CloudFormation's own helpers (inline code, other runtimes) serve the deploy, not the product.
          continue;
        }
        if (!existsSync(codeDir)) {
          this.finding('init', id, `its code asset ${hash} is not in the assembly`);
          continue;
        }
        const name = String(this.resolver.attribute(stack, logicalId, 'Ref'));
        const arn = String(this.resolver.attribute(stack, logicalId, 'Arn'));
        const variables = (this.resolver.resolve(stack, p.Environment?.Variables ?? {}) ?? {}) as Record<
          string,
          unknown
        >;
        const environment = Object.fromEntries(
          Object.entries(variables).map(([key, value]) => [key, this.localise(String(value))]),
        );
        if (environment.USER_POOL_ID) {
          // Cognito's public issuer cannot be served here: the local pool's issuer and keys stand in (docs/testing.md).
          environment.COGNITO_ISSUER = this.cognito.issuer;
          environment.COGNITO_JWKS_URI = this.cognito.jwksUri;
        }
        index += 1;
        const accessKeyId = `ASIAREHEARSAL${String(index).padStart(4, '0')}`;
        const spec: FunctionSpec = {
          id,
          logicalId,
          name,
          arn,
          codeDir,
          handler: String(p.Handler ?? 'index.handler'),
          runtime,
          timeoutSeconds: Number(p.Timeout ?? 3),
          memoryMb: Number(p.MemorySize ?? 128),
          environment,
          roleArn: String(this.resolver.resolve(stack, p.Role)),
          handlerPath: (p.Tags as { Key: string; Value: string }[] | undefined)?.find(
            (tag) => tag.Key === 'design-club:handler',
          )?.Value,
        };
        const base: Record<string, string> = {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          TZ: ':UTC',
          LANG: 'en_US.UTF-8',
          AWS_REGION: REGION,
          AWS_DEFAULT_REGION: REGION,
          AWS_EXECUTION_ENV: `AWS_Lambda_${runtime}`,
          AWS_LAMBDA_FUNCTION_NAME: name,
          AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
          AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memoryMb),
          AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${name}`,
          AWS_LAMBDA_LOG_STREAM_NAME: `rehearsal/${index}`,
          AWS_ACCESS_KEY_ID: accessKeyId,
          AWS_SECRET_ACCESS_KEY: SECRET_KEY,
          AWS_SESSION_TOKEN: `rehearsal-session-${index}`,
          // Stripe's client reaches the stand-in (stripe-provider.ts reads it; the stack never sets it).
          STRIPE_API_URL: this.stripe.url,
          // The SDK's own endpoint settings: every service of the function reaches the rehearsal's AWS.
          AWS_ENDPOINT_URL: this.gateway.url,
          ...Object.fromEntries(
            [
              'DYNAMODB',
              'S3',
              'EVENTBRIDGE',
              'COGNITO_IDENTITY_PROVIDER',
              'SESV2',
              'BEDROCK_RUNTIME',
              'SECRETS_MANAGER',
              'SQS',
              'KMS',
              'STS',
              'SNS',
            ].map((service) => [`AWS_ENDPOINT_URL_${service}`, this.gateway.url]),
          ),
        };
        const container = new LambdaContainer(spec, this.options.nodeBinary, base, (line) => this.log(id, line));
        this.functions.set(id, container);
        this.byArn.set(arn, id);
        this.byAccessKey.set(accessKeyId, spec);
      }
    }
    // Aliases and versions invoke their function.
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::Lambda::Alias' && resource.Type !== 'AWS::Lambda::Version') continue;
        const target = String(this.resolver.resolve(stack, resource.Properties?.FunctionName));
        const functionId =
          this.byArn.get(target) ?? [...this.functions.values()].find((c) => c.spec.name === target)?.spec.id;
        if (functionId) this.byArn.set(String(this.resolver.attribute(stack, logicalId, 'Ref')), functionId);
      }
    }
  }

  /** The function a Lambda ARN (function, alias or version) invokes. */
  functionOf(arn: string): string | undefined {
    // A WebSocket (or REST) Lambda integration's URI wraps the function ARN in API Gateway's invoke path.
    const wrapped = /\/functions\/(.+)\/invocations$/.exec(arn)?.[1];
    if (wrapped) return this.functionOf(wrapped);
    return this.byArn.get(arn) ?? this.byArn.get(arn.replace(/:(\$LATEST|live|\d+)$/, ''));
  }

  private log(id: string, line: string) {
    const lines = this.logs.get(id) ?? [];
    lines.push(line);
    if (lines.length > 200) lines.shift();
    this.logs.set(id, lines);
    if (this.options.verbose) console.log(`[${id.split('/').pop()}] ${line}`);
  }

  logsOf(id: string): string[] {
    return this.logs.get(id) ?? [];
  }

  /**
   * What Lambda checks at a cold start, for every function before any runs: the Handler's file in the
   * code asset and the export it names (an ES module's `export { … as name }` or a declaration). The
   * containers themselves start on first use.
   */
  private checkHandlers() {
    for (const { spec } of this.functions.values()) {
      const dot = spec.handler.lastIndexOf('.');
      const [file, name] = [spec.handler.slice(0, dot), spec.handler.slice(dot + 1)];
      const path = ['.mjs', '.cjs', '.js']
        .map((extension) => join(spec.codeDir, file + extension))
        .find((candidate) => existsSync(candidate));
      if (dot <= 0 || !path) {
        this.finding(
          'init',
          spec.id,
          `Runtime.ImportModuleError: Handler ${spec.handler}: no ${file}.mjs/.js in its code asset`,
        );
        continue;
      }
      const text = readFileSync(path, 'utf8');
      // `name` exported: in an export list, as a declaration, as CommonJS `exports.name =`, or in an export map's
      // getters (`name: () =>`, how esbuild's bundles export).
      const exported = new RegExp(
        [
          `export\\s*\\{[^}]*\\b(?:as\\s+)?${name}\\s*[,}]`,
          `export\\s+(?:async\\s+)?(?:function\\*?|const|let|var|class)\\s+${name}\\b`,
          `exports\\.${name}\\s*=`,
          `\\b${name}\\s*:\\s*\\(\\)\\s*=>`,
        ].join('|'),
      );
      if (!exported.test(text))
        this.finding('init', spec.id, `Runtime.HandlerNotFound: Handler ${spec.handler}: ${file} exports no ${name}`);
    }
  }

  /** Loads every function's handler in a container (slow: about two seconds each on a busy machine). */
  private async initAll() {
    const containers = [...this.functions.values()];
    let next = 0;
    const worker = async () => {
      while (next < containers.length) {
        const container = containers[next++]!;
        try {
          await container.start();
        } catch (error) {
          this.finding('init', container.spec.id, `${(error as Error).message} (Handler ${container.spec.handler})`);
        }
        container.stop();
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }

  async invoke(functionId: string, event: unknown): Promise<InvokeOutcome> {
    const container = this.functions.get(functionId);
    if (!container) {
      this.finding('wiring', functionId, 'is invoked but is no function of the assembly');
      return { ok: false, errorType: 'ResourceNotFoundException', errorMessage: `no function ${functionId}`, ms: 0 };
    }
    this.inFlight += 1;
    try {
      const planned = this.outages.get(functionId) ?? 0;
      if (planned > 0) {
        this.outages.set(functionId, planned - 1);
        return { ok: false, errorType: PLANNED_OUTAGE, errorMessage: 'a planned outage of the rehearsal', ms: 0 };
      }
      const outcome = await container.invoke(event);
      if (!outcome.ok) {
        const tail = this.logsOf(functionId).slice(-5).join(' | ').slice(0, 600);
        this.finding(
          'invoke',
          functionId,
          `${outcome.errorType}: ${outcome.errorMessage}${tail ? ` — log: ${tail}` : ''}`,
        );
      }
      return outcome;
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) setImmediate(wake);
    }
  }

  private async invokeOrThrow(functionId: string, event: unknown): Promise<unknown> {
    const outcome = await this.invoke(functionId, event);
    if (!outcome.ok) throw new Error(`${outcome.errorType}: ${outcome.errorMessage}`);
    return outcome.result;
  }

  /** Resolves once no invocation is running or queued (deliveries included). */
  async settle(): Promise<void> {
    for (;;) {
      if (this.inFlight === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (this.inFlight === 0) return;
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  finding(kind: Finding['kind'], resource: string, message: string) {
    this.findings.push({ kind, resource, message });
  }

  // ---- HTTP API ----

  private readHttpRoutes(): TemplateRoute[] {
    const routes: TemplateRoute[] = [];
    const integrations = new Map<string, { stack: StackNode; logicalId: string; uri: string }>();
    const authorizers = new Map<string, { logicalId: string; issuer: string; audience: string[] }>();
    const apis = new Map<string, string>();
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        const ref = () => String(this.resolver.attribute(stack, logicalId, 'Ref'));
        if (resource.Type === 'AWS::ApiGatewayV2::Api') apis.set(ref(), String(resource.Properties?.ProtocolType));
        if (resource.Type === 'AWS::ApiGatewayV2::Integration')
          integrations.set(ref(), {
            stack,
            logicalId,
            uri: String(this.resolver.resolve(stack, resource.Properties?.IntegrationUri)),
          });
        if (resource.Type === 'AWS::ApiGatewayV2::Authorizer' && resource.Properties?.AuthorizerType === 'JWT') {
          const jwt = this.resolver.resolve(stack, resource.Properties.JwtConfiguration);
          authorizers.set(ref(), {
            logicalId: `${stack.path}/${logicalId}`,
            issuer: String(jwt.Issuer),
            audience: (jwt.Audience ?? []).map(String),
          });
        }
      }
    }
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::ApiGatewayV2::Route') continue;
        const p = this.resolver.resolve(stack, resource.Properties ?? {});
        if (apis.get(String(p.ApiId)) !== 'HTTP') continue;
        const id = `${stack.path}/${logicalId}`;
        const integrationId = String(p.Target ?? '').replace(/^integrations\//, '');
        const integration = integrations.get(integrationId);
        const functionId = integration && this.functionOf(integration.uri);
        if (!functionId) {
          this.finding('wiring', id, `${p.RouteKey}: its target ${p.Target} reaches no function of the assembly`);
          continue;
        }
        let authorizer: TemplateRoute['authorizer'];
        if (p.AuthorizationType === 'JWT') {
          authorizer = authorizers.get(String(p.AuthorizerId));
          if (!authorizer)
            this.finding('wiring', id, `${p.RouteKey}: its authorizer ${p.AuthorizerId} is not in the assembly`);
        }
        routes.push({ logicalId: id, routeKey: String(p.RouteKey), functionId, integrationId, authorizer });
      }
    }
    this.httpRoutes = routes;
    return routes;
  }

  httpRoutes: TemplateRoute[] = [];

  // ---- WebSocket API ----

  private readWebSocketRoutes(): Map<string, string> {
    const routes = new Map<string, string>();
    const integrations = new Map<string, string>();
    const apis = new Map<string, string>();
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type === 'AWS::ApiGatewayV2::Api')
          apis.set(String(this.resolver.attribute(stack, logicalId, 'Ref')), String(resource.Properties?.ProtocolType));
        if (resource.Type === 'AWS::ApiGatewayV2::Integration')
          integrations.set(
            String(this.resolver.attribute(stack, logicalId, 'Ref')),
            String(this.resolver.resolve(stack, resource.Properties?.IntegrationUri)),
          );
      }
    }
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::ApiGatewayV2::Route') continue;
        const p = this.resolver.resolve(stack, resource.Properties ?? {});
        if (apis.get(String(p.ApiId)) !== 'WEBSOCKET') continue;
        const functionId = this.functionOf(
          integrations.get(String(p.Target ?? '').replace(/^integrations\//, '')) ?? '',
        );
        if (!functionId)
          this.finding(
            'wiring',
            `${stack.path}/${logicalId}`,
            `${p.RouteKey}: its target reaches no function of the assembly`,
          );
        else routes.set(String(p.RouteKey), functionId);
        if (p.AuthorizationType && p.AuthorizationType !== 'NONE')
          this.finding(
            'template',
            `${stack.path}/${logicalId}`,
            `${p.RouteKey}: authorizer ${p.AuthorizationType} is not rehearsed`,
          );
      }
    }
    return routes;
  }

  private attachWebSocket(server: Server, routes: Map<string, string>) {
    const wss = new WebSocketServer({ noServer: true, maxPayload: 32 * 1024 });
    this.stops.unshift(() => {
      for (const ws of this.sockets.values()) ws.terminate();
      wss.close();
    });
    const event = (route: string, connectionId: string, extra: Record<string, unknown> = {}) => ({
      requestContext: {
        routeKey: route,
        eventType: route === '$connect' ? 'CONNECT' : route === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        connectionId,
        apiId: 'rehearsal',
        stage: 'live',
        requestId: randomUUID(),
        connectedAt: Date.now(),
        domainName: 'localhost',
      },
      isBase64Encoded: false,
      ...extra,
    });
    server.on('upgrade', async (req: IncomingMessage, socket, head) => {
      socket.on('error', () => socket.destroy());
      const url = new URL(req.url ?? '/', 'http://local');
      const connectionId = randomBytes(12).toString('base64url');
      const connect = routes.get('$connect');
      if (connect) {
        const outcome = await this.invoke(
          connect,
          event('$connect', connectionId, {
            queryStringParameters: Object.fromEntries(url.searchParams),
            headers: req.headers,
          }),
        );
        const status = outcome.ok ? Number((outcome.result as { statusCode?: number } | null)?.statusCode ?? 200) : 500;
        if (status !== 200) {
          socket.end(
            `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Refused'}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`,
          );
          return;
        }
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        this.sockets.set(connectionId, ws);
        ws.on('error', () => undefined);
        const fallback = routes.get('$default');
        ws.on('message', (data) => {
          if (fallback) void this.invoke(fallback, event('$default', connectionId, { body: data.toString() }));
        });
        ws.on('close', () => {
          this.sockets.delete(connectionId);
          const disconnect = routes.get('$disconnect');
          if (disconnect) void this.invoke(disconnect, event('$disconnect', connectionId));
        });
      });
    });
  }

  private async postToConnection(connectionId: string, method: string, body: Buffer): Promise<number> {
    const ws = this.sockets.get(connectionId);
    if (!ws || ws.readyState !== ws.OPEN) return 410;
    if (method === 'DELETE') {
      ws.close(1000);
      return 204;
    }
    if (method === 'GET') return 200;
    await new Promise<void>((resolve, reject) =>
      ws.send(body.toString(), (error) => (error ? reject(error) : resolve())),
    );
    return 200;
  }

  // ---- EventBridge ----

  private readRules() {
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::Events::Rule') continue;
        const p = this.resolver.resolve(stack, resource.Properties ?? {});
        if (p.State === 'DISABLED') continue;
        const id = `${stack.path}/${logicalId}`;
        const bus = String(p.EventBusName ?? 'default')
          .split('/')
          .pop()!;
        const targets: RuleTarget[] = [];
        for (const target of p.Targets ?? []) {
          const functionId = this.functionOf(String(target.Arn));
          if (!functionId) continue;
          const deadLetterQueue = target.DeadLetterConfig?.Arn
            ? String(target.DeadLetterConfig.Arn).split(':').pop()
            : undefined;
          targets.push({
            ruleId: id,
            functionId,
            retryAttempts: Number(target.RetryPolicy?.MaximumRetryAttempts ?? 185),
            maxAgeSeconds: Number(target.RetryPolicy?.MaximumEventAgeInSeconds ?? 86400),
            deadLetterQueue,
          });
        }
        const pattern = typeof p.EventPattern === 'string' ? JSON.parse(p.EventPattern) : p.EventPattern;
        this.rules.push({ id, bus, pattern, schedule: p.ScheduleExpression, targets });
      }
    }
  }

  /** PutEvents: every rule of the entry's bus whose pattern matches gets the event, each target on its own. */
  async putEvents(
    publisher: string,
    entries: {
      Source: string;
      DetailType: string;
      Detail: string;
      EventBusName?: string;
      Resources?: string[];
      Time?: string;
    }[],
  ): Promise<{ failed: number[] }> {
    for (const entry of entries) {
      const bus = String(entry.EventBusName ?? 'default')
        .split('/')
        .pop()!;
      const event = {
        version: '0',
        id: randomUUID(),
        'detail-type': entry.DetailType,
        source: entry.Source,
        account: ACCOUNT,
        time: entry.Time ?? new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        region: REGION,
        resources: entry.Resources ?? [],
        detail: JSON.parse(entry.Detail),
      };
      const matched = this.rules.filter(
        (rule) => rule.pattern && rule.bus === bus && matchesPattern(rule.pattern, event),
      );
      this.events.push({ entry, publisher, matchedRules: matched.map((rule) => rule.id) });
      for (const rule of matched) for (const target of rule.targets) void this.deliver(target, event);
    }
    return { failed: [] };
  }

  /**
   * A rule's target: Lambda's asynchronous invocation, retried as the function's EventInvokeConfig
   * says (two retries without one), then its on-failure destination gets Lambda's record of the
   * failure; without one, the rule target's dead-letter queue gets the event. `npm run redrive` finds
   * either in the queue.
   */
  private async deliver(target: RuleTarget, event: unknown) {
    this.inFlight += 1;
    try {
      const settings = this.asyncInvoke.get(target.functionId);
      let last: InvokeOutcome | undefined;
      let attempts = 0;
      for (; attempts < 1 + (settings?.retries ?? 2); attempts += 1) {
        last = await this.invoke(target.functionId, event);
        if (last.ok) return;
      }
      const failure = last && !last.ok ? last : undefined;
      const error = failure ? `${failure.errorType}: ${failure.errorMessage}` : 'unknown';
      const queue = settings?.onFailureQueue ?? target.deadLetterQueue;
      this.deadLetters.push({
        queue: queue ?? '(none)',
        ruleId: target.ruleId,
        functionId: target.functionId,
        event,
        error,
      });
      if (queue) {
        const body = settings?.onFailureQueue
          ? {
              version: '1.0',
              timestamp: new Date().toISOString(),
              requestContext: {
                requestId: randomUUID(),
                functionArn: this.functions.get(target.functionId)?.spec.arn,
                condition: 'RetriesExhausted',
                approximateInvokeCount: attempts,
              },
              requestPayload: event,
              responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
              responsePayload: { errorType: failure?.errorType, errorMessage: failure?.errorMessage },
            }
          : event;
        this.enqueue(queue, JSON.stringify(body), settings?.onFailureQueue ? {} : { ERROR_MESSAGE: error });
      }
      if (failure?.errorType === PLANNED_OUTAGE) return;
      this.finding(
        'delivery',
        target.ruleId,
        `delivery to ${target.functionId} failed ${attempts} times (${error}); the event went ` +
          `to ${queue ?? 'no dead-letter queue'}`,
      );
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) setImmediate(wake);
    }
  }

  private enqueue(queue: string, body: string, attributes: Record<string, string>) {
    const messages = this.queues.get(queue);
    if (!messages) {
      this.finding('wiring', queue, 'a failure was sent to this queue, which no template declares');
      return;
    }
    messages.push({ id: randomUUID(), body, attributes, sentAt: Date.now(), visibleAt: 0, receipt: '', receives: 0 });
  }

  /** The next `count` invocations of the function fail, as in an outage of what it depends on (a redrive drill). */
  planOutage(functionId: string, count: number) {
    this.outages.set(functionId, count);
  }

  /**
   * The templates' queues, empty, and the functions' asynchronous invocation settings (retries, on-failure
   * destination).
   */
  private readQueuesAndAsyncInvokeConfigs() {
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type === 'AWS::SQS::Queue') this.queues.set(this.resolver.nameOf(stack, logicalId, resource), []);
        if (resource.Type !== 'AWS::Lambda::EventInvokeConfig') continue;
        const p = this.resolver.resolve(stack, resource.Properties ?? {});
        const name = String(p.FunctionName);
        const functionId =
          this.functionOf(name) ?? [...this.functions.values()].find((c) => c.spec.name === name)?.spec.id;
        if (!functionId) {
          this.finding('wiring', `EventInvokeConfig of ${name}`, 'names no function of the assembly');
          continue;
        }
        const destination = p.DestinationConfig?.OnFailure?.Destination;
        this.asyncInvoke.set(functionId, {
          retries: Number(p.MaximumRetryAttempts ?? 2),
          onFailureQueue: destination ? String(destination).split(':').pop() : undefined,
        });
      }
    }
  }

  /** Fires one schedule rule now, as EventBridge Scheduler would at its time. */
  async fireSchedule(ruleId: string): Promise<InvokeOutcome[]> {
    const rule = this.rules.find((candidate) => candidate.id === ruleId && candidate.schedule);
    if (!rule) throw new Error(`No schedule rule ${ruleId}`);
    const event = {
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: ACCOUNT,
      time: new Date().toISOString(),
      region: REGION,
      resources: [`arn:aws:events:${REGION}:${ACCOUNT}:rule/${ruleId.split('/').pop()}`],
      detail: {},
    };
    return Promise.all(rule.targets.map((target) => this.invoke(target.functionId, event)));
  }

  // ---- Cognito ----

  /**
   * The pool's LambdaConfig: trigger → the function ARN it names (functions by ARN: resolved before the pool exists).
   */
  private readCognitoTriggers(): Partial<Record<CognitoTrigger, string>> {
    const triggers: Record<string, string> = {};
    for (const stack of this.assembly.all) {
      for (const [logicalId, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::Cognito::UserPool') continue;
        const config = this.resolver.resolve(stack, resource.Properties?.LambdaConfig ?? {}) as Record<string, unknown>;
        for (const [trigger, arn] of Object.entries(config)) {
          if (typeof arn === 'string') triggers[trigger] = arn;
          else if (
            trigger === 'PreTokenGenerationConfig' &&
            arn &&
            typeof (arn as { LambdaArn?: unknown }).LambdaArn === 'string'
          )
            triggers.PreTokenGeneration = (arn as { LambdaArn: string }).LambdaArn;
          else this.finding('template', `${stack.path}/${logicalId}`, `trigger ${trigger} is not rehearsed`);
        }
      }
    }
    this.cognitoTriggers = triggers;
    return triggers;
  }

  cognitoTriggers: Record<string, string> = {};

  // ---- SES ----

  private async sendEmail(body: any): Promise<string> {
    const to = String(body.Destination?.ToAddresses?.[0] ?? '');
    const simple = body.Content?.Simple;
    const tag = (body.EmailTags ?? []).find((t: { Name: string }) => t.Name === 'kind' || t.Name === 'tag')?.Value;
    if (simple) {
      const html = simple.Body?.Html?.Data;
      const text = simple.Body?.Text?.Data ?? (html ? plainTextOf(html) : '');
      const headers = Object.fromEntries(
        (simple.Headers ?? []).map((h: { Name: string; Value: string }) => [h.Name, h.Value]),
      );
      const sent = await this.outbox.send({
        to,
        subject: String(simple.Subject?.Data ?? ''),
        text,
        html,
        tag: tag ?? 'ses',
        headers,
      });
      return sent.id;
    }
    const raw = body.Content?.Raw?.Data ? Buffer.from(body.Content.Raw.Data, 'base64').toString() : '';
    const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
    const sent = await this.outbox.send({ to, subject, text: raw, tag: tag ?? 'ses' });
    return sent.id;
  }

  /** The environment value of the first function that has `name` (the table names, as the templates pass them). */
  environmentValue(name: string): string | undefined {
    for (const container of this.functions.values())
      if (container.spec.environment[name]) return container.spec.environment[name];
    return undefined;
  }

  /** The rehearsal as the journey drives it: its port, its Cognito user API, its outbox and tables. */
  target(): JourneyTarget {
    const tables = {
      endpoint: this.dynamoEndpoint,
      events: this.environmentValue('EVENTS_TABLE') ?? '',
      views: this.environmentValue('VIEWS_TABLE') ?? '',
      keys: this.environmentValue('KEYS_TABLE') ?? '',
      kmsKeyId: this.environmentValue('KMS_KEY_ID') ?? '',
      kmsEndpoint: this.kms.endpoint,
    };
    let team: ReturnType<typeof seedTeam> | undefined;
    return {
      url: this.url,
      cognitoEndpoint: this.cognito.publicEndpoint,
      clientId: this.cognito.clientId,
      outbox: (to) => this.outbox.list(to),
      settle: () => this.settle(),
      team: async () => {
        team ??= seedTeam({
          cognito: this.cognito,
          dynamoEndpoint: tables.endpoint,
          eventsTable: tables.events,
          viewsTable: tables.views,
          // The operator seals as the functions do: the stack's keys table, under the stand-in's key.
          codec: localCodec(
            { endpoint: this.kms.endpoint, keyId: this.kms.keyId },
            dynamoClient(tables.endpoint),
            this.environmentValue('KEYS_TABLE') ?? '',
          ).codec,
          bus: {
            putEvents: async (entries) => ({
              failedIndexes: (
                await this.putEvents(
                  'operator',
                  entries.map((entry) => ({ ...entry, EventBusName: this.environmentValue('EVENT_BUS_NAME') })),
                )
              ).failed,
            }),
          },
        });
        const seeded = await team;
        await this.settle();
        return seeded;
      },
      tables,
      fireSchedules: async () => {
        for (const rule of this.rules.filter((candidate) => candidate.schedule)) {
          const outcomes = await this.fireSchedule(rule.id);
          const failed = outcomes.find((outcome) => !outcome.ok);
          if (failed && !failed.ok)
            throw new Error(`the schedule ${rule.id} failed: ${failed.errorType}: ${failed.errorMessage}`);
        }
      },
      explain: (method, path) => {
        const trace = [...this.api.traces]
          .reverse()
          .find((candidate) => candidate.method === method && candidate.path === path);
        if (!trace) return 'the request reached no route';
        const logs = trace.functionId
          ? this.logsOf(trace.functionId).slice(-4).map(essentialOfLogLine).join(' | ').slice(0, 1500)
          : '';
        const refused = trace.refusedBy ? `, refused by ${trace.refusedBy}` : '';
        const log = logs ? `; its log: ${logs}` : '';
        return `route ${trace.route ?? '(none)'} → ${trace.functionId ?? '(no function)'}${refused}${log}`;
      },
    };
  }

  private dynamoEndpoint = '';
  private kms!: LocalKms;

  async stop(): Promise<void> {
    for (const container of this.functions.values()) container.stop();
    for (const stop of this.stops.splice(0)) await Promise.resolve(stop()).catch(() => undefined);
  }

  /** The secret the local Cognito's admin API answers under (seeding the team accounts). */
  static hmac(secret: string, purpose: string) {
    return createHmac('sha256', secret).update(purpose).digest('base64url');
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A log line as an operator reads it first: a JSON line's message and error, not its context fields. */
function essentialOfLogLine(line: string): string {
  try {
    const parsed = JSON.parse(line) as { level?: string; message?: string; error?: unknown };
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.message !== 'string') return line;
    const error = parsed.error === undefined ? '' : ` ${JSON.stringify(parsed.error)}`;
    return `${parsed.level ?? ''} ${parsed.message}${error}`.trim();
  } catch {
    return line;
  }
}
