import { runSimulation, type Simulation } from '@cloud-copilot/iam-simulate';
import type { Assembly, StackNode } from './assembly.js';
import { ACCOUNT, type Resolver } from './resolve.js';

export interface PolicyDocument {
  Version?: string;
  Statement: Record<string, unknown>[];
}

/** One AWS call as IAM sees it: who, what, on which ARN, with the request's condition keys. */
export interface AuthorizationRequest {
  functionId: string;
  action: string;
  resource: string;
  context: Record<string, string | string[]>;
}

export interface Decision extends AuthorizationRequest {
  allowed: boolean;
  /** The caller's role, `<stack path>/<logical id>`. */
  roleId?: string;
  /** Wildcards (`*` in an action or resource) of the statements that allowed the call. */
  wildcards: string[];
  detail?: string;
}

/**
 * A few AWS managed policies the functions' roles attach, by ARN (the template names them; their text
 * is AWS's). An unknown managed policy counts for nothing, and the report says so.
 */
const MANAGED: Record<string, PolicyDocument> = {
  'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole': {
    Statement: [
      { Effect: 'Allow', Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'], Resource: '*' },
    ],
  },
  'arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess': {
    Statement: [
      {
        Effect: 'Allow',
        Action: [
          'xray:PutTraceSegments',
          'xray:PutTelemetryRecords',
          'xray:GetSamplingRules',
          'xray:GetSamplingTargets',
          'xray:GetSamplingStatisticSummaries',
        ],
        Resource: '*',
      },
    ],
  },
};

interface RoleRecord {
  /** `<stack path>/<logical id>` of the AWS::IAM::Role. */
  id: string;
  arn: string;
  name: string;
  policies: { name: string; policy: PolicyDocument }[];
  unknownManaged: string[];
}

/**
 * Every role of the assembly with every policy that applies to it (inline Policies, AWS::IAM::Policy
 * and AWS::IAM::ManagedPolicy resources naming it, managed policy ARNs it attaches), and the resource
 * policies (bucket, bus, queue, key, secret) by the ARN they protect; all resolved to local values.
 */
export class IamModel {
  private readonly roles = new Map<string, RoleRecord>();
  private readonly resourcePolicies: { covers: (arn: string) => boolean; policy: PolicyDocument }[] = [];
  readonly decisions: Decision[] = [];

  constructor(
    assembly: Assembly,
    private readonly resolver: Resolver,
  ) {
    const byName = new Map<string, RoleRecord>();
    const managedDocs = new Map<string, PolicyDocument>();
    for (const stack of assembly.all) {
      for (const [id, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type === 'AWS::IAM::ManagedPolicy')
          managedDocs.set(
            String(resolver.attribute(stack, id, 'Ref')),
            resolver.resolve(stack, resource.Properties!.PolicyDocument),
          );
      }
    }
    for (const stack of assembly.all) {
      for (const [id, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type !== 'AWS::IAM::Role') continue;
        const p = resolver.resolve(stack, resource.Properties ?? {});
        const record: RoleRecord = {
          id: `${stack.path}/${id}`,
          arn: String(resolver.attribute(stack, id, 'Arn')),
          name: String(resolver.attribute(stack, id, 'Ref')),
          policies: [],
          unknownManaged: [],
        };
        for (const policy of p.Policies ?? [])
          record.policies.push({ name: `${id}/${policy.PolicyName}`, policy: policy.PolicyDocument });
        for (const arn of p.ManagedPolicyArns ?? []) {
          const doc = MANAGED[arn] ?? managedDocs.get(arn);
          if (doc) record.policies.push({ name: arn, policy: doc });
          else record.unknownManaged.push(arn);
        }
        this.roles.set(record.arn, record);
        byName.set(record.name, record);
      }
    }
    for (const stack of assembly.all) {
      for (const [id, resource] of Object.entries(stack.template.Resources)) {
        if (resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy') {
          const p = resolver.resolve(stack, resource.Properties ?? {});
          for (const roleName of p.Roles ?? [])
            byName.get(String(roleName))?.policies.push({ name: `${stack.path}/${id}`, policy: p.PolicyDocument });
        }
        this.collectResourcePolicy(stack, id, resource.Type, resource.Properties ?? {});
      }
    }
  }

  private collectResourcePolicy(stack: StackNode, id: string, type: string, properties: Record<string, unknown>) {
    const r = this.resolver;
    const add = (arns: string[], policy: PolicyDocument) =>
      this.resourcePolicies.push({
        covers: (arn) => arns.some((base) => arn === base || arn.startsWith(`${base}/`)),
        policy,
      });
    if (type === 'AWS::S3::BucketPolicy') {
      const bucket = String(r.resolve(stack, properties.Bucket));
      add([`arn:aws:s3:::${bucket}`], r.resolve(stack, properties.PolicyDocument));
    } else if (type === 'AWS::Events::EventBusPolicy') {
      const bus = String(r.resolve(stack, properties.EventBusName ?? 'default'));
      const statement = properties.Statement ? [r.resolve(stack, properties.Statement)] : [];
      add([`arn:aws:events:${r.resolve(stack, { Ref: 'AWS::Region' })}:${ACCOUNT}:event-bus/${bus}`], {
        Statement: statement,
      });
    } else if (type === 'AWS::SQS::QueuePolicy') {
      const queues = (r.resolve(stack, properties.Queues) as string[]).map(
        (url) => `arn:aws:sqs:us-east-1:${ACCOUNT}:${url.split('/').pop()}`,
      );
      add(queues, r.resolve(stack, properties.PolicyDocument));
    } else if (type === 'AWS::KMS::Key' && properties.KeyPolicy) {
      add([String(r.attribute(stack, id, 'Arn'))], r.resolve(stack, properties.KeyPolicy));
    } else if (type === 'AWS::SecretsManager::ResourcePolicy') {
      add([String(r.resolve(stack, properties.SecretId))], r.resolve(stack, properties.ResourcePolicy));
    }
  }

  role(roleArn: string): RoleRecord | undefined {
    return this.roles.get(roleArn);
  }

  /** IAM's decision for one call, recorded; a call no role covers is denied. */
  async authorize(roleArn: string, request: AuthorizationRequest): Promise<Decision> {
    const role = this.roles.get(roleArn);
    if (!role)
      return this.record({ ...request, allowed: false, wildcards: [], detail: `no role ${roleArn} in the assembly` });
    const resourcePolicy = this.resourcePolicies.find((entry) => entry.covers(request.resource))?.policy;
    const simulation: Simulation = {
      request: {
        principal: `arn:aws:sts::${ACCOUNT}:assumed-role/${role.name}/${request.functionId.split('/').pop()}`,
        action: request.action,
        resource: { resource: request.resource, accountId: ACCOUNT },
        contextVariables: {
          'aws:PrincipalArn': role.arn,
          'aws:PrincipalAccount': ACCOUNT,
          'aws:SecureTransport': 'true',
          ...request.context,
        },
      },
      identityPolicies: role.policies.map(({ name, policy }) => ({
        name,
        policy: { Version: '2012-10-17', ...policy },
      })),
      serviceControlPolicies: [],
      resourceControlPolicies: [],
      ...(resourcePolicy ? { resourcePolicy: { Version: '2012-10-17', ...resourcePolicy } } : {}),
    };
    const outcome = await runSimulation(simulation, {});
    if (outcome.resultType === 'error') {
      return this.record({
        ...request,
        allowed: false,
        wildcards: [],
        detail: `simulation refused the request: ${JSON.stringify(outcome.errors).slice(0, 400)}`,
      });
    }
    const allowed = outcome.overallResult === 'Allowed';
    const wildcards = new Set<string>();
    if (allowed && outcome.resultType === 'single') {
      for (const statement of outcome.result.analysis.identityAnalysis?.allowStatements ?? []) {
        const list = <T>(value: T | T[] | undefined): T[] =>
          value === undefined ? [] : Array.isArray(value) ? value : [value];
        for (const action of list(statement.explain.actions))
          if (action.matches && action.action.includes('*')) wildcards.add(`action ${action.action}`);
        for (const resource of list(statement.explain.resources))
          if (resource.matches && resource.resource.includes('*')) wildcards.add(`resource ${resource.resource}`);
      }
    }
    return this.record({
      ...request,
      roleId: role.id,
      allowed,
      wildcards: [...wildcards],
      detail: allowed ? undefined : outcome.overallResult,
    });
  }

  private record(decision: Decision): Decision {
    this.decisions.push(decision);
    return decision;
  }
}
