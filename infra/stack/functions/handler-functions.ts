import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { RemovalPolicy, Stack, Tags } from 'aws-cdk-lib';
import { ServicePrincipal, type Role } from 'aws-cdk-lib/aws-iam';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Alias, Architecture, LayerVersion, Runtime, Tracing, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { Charset, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { handlerName } from '../../routes.js';
import { LAMBDA_ESBUILD, lambdaDefine } from '../bundling.js';
import { capabilitiesOf, declaredGrants, type Capability } from '../capabilities.js';
import { acknowledge } from '../nag.js';
import {
  LIVE_ALIAS,
  SERVICE_NAME,
  type FunctionKind,
  type FunctionResources,
  type HandlerFunction,
  type Sizing,
} from './definitions.js';
import { CapabilityGrants } from './grants.js';
import { InlineRole } from './inline-role.js';
import { acknowledgeGuard, logGroupFindings } from '../guard.js';
import { defaultSizing } from './sizing.js';
import { FeatureStacks } from './feature-stacks.js';

/** Every project function's runtime; bundling.ts LAMBDA_NODE_TARGET is esbuild's target to match (a test checks). */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;

/**
 * One NodejsFunction per handler module, built from the route table's rows: the same bundling for
 * every function, and IAM and environment from the grants its rows declare (capabilities.ts turns
 * them into capabilities). A role per set of capabilities; one log group (streams carry function names).
 */
export class HandlerFunctions extends Construct {
  private readonly byHandler = new Map<string, HandlerFunction>();
  private readonly roles = new Map<string, Role>();
  private readonly logGroup: LogGroup;
  private tracerLayer: ILayerVersion | undefined;
  private userPool: IUserPool | undefined;
  private userPoolClient: IUserPoolClient | undefined;
  private readonly grants: CapabilityGrants;
  /** Where each function goes: its feature's nested stack (feature-stacks.ts), triggers in the parent. */
  private readonly featureStacks: FeatureStacks;

  constructor(
    scope: Construct,
    id: string,
    private readonly resources: FunctionResources,
  ) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: resources.config.logRetentionDays,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    logGroupFindings(this.logGroup, 'The functions’ logs');
    acknowledgeGuard(
      this,
      'lambda_inside_vpc_check',
      'The functions reach only AWS public endpoints (DynamoDB, EventBridge, S3, Cognito, SES, Bedrock, Secrets ' +
        'Manager, API Gateway) and Stripe, over TLS and signed with their own roles; nothing of the service lives ' +
        'in a VPC, and a VPC would add NAT gateways or endpoints and cold-start time without guarding anything.',
    );
    this.grants = new CapabilityGrants(this, resources, () => ({
      userPool: this.userPool,
      client: this.userPoolClient,
    }));
    this.featureStacks = new FeatureStacks(Stack.of(this), resources.config.stage);
  }

  /** The pool is created after its trigger functions; the other functions are created after it. */
  useUserPool(pool: IUserPool, client: IUserPoolClient): void {
    this.userPool = pool;
    this.userPoolClient = client;
  }

  all(): HandlerFunction[] {
    return [...this.byHandler.values()];
  }

  /** The roles of the functions that have `capability`. */
  rolesWith(capability: Capability): Role[] {
    return [...this.roles.entries()].filter(([key]) => key.split('-').includes(capability)).map(([, role]) => role);
  }

  find(handler: string): HandlerFunction | undefined {
    return this.byHandler.get(handler);
  }

  /** The `live` alias of the function serving `handler` (created on first use): what callers invoke. */
  forHandler(handler: string, kind: FunctionKind, sizing?: Partial<Sizing>): Alias {
    const existing = this.byHandler.get(handler);
    if (existing) {
      if ((kind === 'trigger') !== existing.kinds.has('trigger')) {
        throw new Error(`${handler} is used both as a Cognito trigger and elsewhere: give the trigger its own module.`);
      }
      existing.kinds.add(kind);
      return existing.alias;
    }
    const created = this.create(handler, kind, sizing);
    this.byHandler.set(handler, created);
    return created.alias;
  }

  private create(handler: string, kind: FunctionKind, override: Partial<Sizing> = {}): HandlerFunction {
    const { config, projectRoot } = this.resources;
    const name = handlerName(handler);
    if (!existsSync(path.join(projectRoot, handler))) {
      throw new Error(`infra/routes.ts names ${handler} (${kind}), but there is no such file.`);
    }
    // What its rows in infra/routes.ts declare (tests/infra/security.test.ts checks them against the code).
    const capabilities = capabilitiesOf(declaredGrants(handler));
    // Triggers stay in the parent beside the pool that names them (feature-stacks.ts says why).
    const scope = new Construct(kind === 'trigger' ? this : this.featureStacks.stackFor(handler), name);

    // Functions with the same capabilities share a role (identical permissions either way); all of
    // them log to one group, in streams named after the function. This keeps the stack at about four
    // resources per route, well under CloudFormation's 500.
    const roleKey = [...capabilities, ...(kind === 'trigger' ? ['trigger'] : [])].join('-') || 'logs-only';
    let role = this.roles.get(roleKey);
    const newRole = !role;
    if (!role) {
      role = new InlineRole(this, `Role-${roleKey}`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `${SERVICE_NAME} ${config.stage} functions that need: ${roleKey}`,
      });
      this.logGroup.grantWrite(role);
      this.roles.set(roleKey, role);
    }

    const sizing = { ...defaultSizing(kind, capabilities), ...override };
    const fn = new NodejsFunction(scope, 'Function', {
      entry: path.join(projectRoot, handler),
      handler: 'handler',
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      memorySize: sizing.memorySize,
      timeout: sizing.timeout,
      role,
      logGroup: this.logGroup,
      tracing: config.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      // The Tracer is external to the bundles (bundling.ts): with tracing on it comes from this layer.
      layers: config.tracing ? [this.powertoolsLayer()] : undefined,
      description: `${kind}: ${handler}`,
      environment: {
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_TRACE_ENABLED: String(config.tracing),
        LOG_LEVEL: 'INFO',
        STAGE: config.stage,
        SITE_URL: this.resources.siteUrl,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        minify: LAMBDA_ESBUILD.minify,
        sourceMap: LAMBDA_ESBUILD.sourcemap,
        sourcesContent: LAMBDA_ESBUILD.sourcesContent,
        format: OutputFormat.ESM,
        target: LAMBDA_ESBUILD.target,
        mainFields: [...LAMBDA_ESBUILD.mainFields],
        banner: LAMBDA_ESBUILD.banner,
        define: lambdaDefine(handler),
        externalModules: [...LAMBDA_ESBUILD.external],
        bundleAwsSDK: true,
        charset: Charset.UTF8,
        esbuildArgs: { '--alias': Object.entries(LAMBDA_ESBUILD.alias).map(([from, to]) => `${from}=${to}`) },
        forceDockerBundling: false,
      },
    });
    Tags.of(fn).add('design-club:handler', handler);
    if (config.tracing && newRole) {
      acknowledge(
        role,
        'AwsSolutions-IAM5[Resource::*]',
        'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions.',
      );
    }

    for (const capability of capabilities) this.grants.grant(capability, fn, newRole ? role : undefined, kind);
    // A version per code or configuration change; CodeDeploy moves the alias to it (deploy.ts).
    const alias = new Alias(scope, 'Live', { aliasName: LIVE_ALIAS, version: fn.currentVersion });
    return { handler, name, kinds: new Set([kind]), fn, alias, capabilities };
  }

  /**
   * Powertools' own Lambda layer, of the version package-lock.json pins, by the public SSM parameter
   * Powertools publishes for each release in each region (resolved at deploy time).
   */
  private powertoolsLayer(): ILayerVersion {
    if (!this.tracerLayer) {
      const manifest = path.join(this.resources.projectRoot, 'node_modules/@aws-lambda-powertools/tracer/package.json');
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
      const arn = StringParameter.valueForStringParameter(
        this,
        `/aws/service/powertools/typescript/generic/all/${version}`,
      );
      this.tracerLayer = LayerVersion.fromLayerVersionArn(this, 'PowertoolsLayer', arn);
    }
    return this.tracerLayer;
  }
}
