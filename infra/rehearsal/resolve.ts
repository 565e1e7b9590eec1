import { createHash } from 'node:crypto';
import type { Assembly, StackNode, TemplateResource } from './assembly.js';

/** The account and region the rehearsal stands in for (AWS builds every ARN from them). */
export const ACCOUNT = '123456789012';
export const REGION = 'us-east-1';

/**
 * A value the rehearsal gives a resource instead of AWS's: a local table's name, the local pool's id,
 * the rehearsal's API id. Returning undefined keeps the default (a name made from the stack and the
 * logical id, the shape AWS uses for an unnamed resource).
 */
export type Override = (
  stack: StackNode,
  logicalId: string,
  resource: TemplateResource,
  attribute: string | 'Ref',
) => unknown;

export class UnresolvableError extends Error {}

/**
 * CloudFormation's intrinsic functions over the assembly: Ref (parameters, pseudo parameters,
 * resources), Fn::GetAtt (nested stacks' Outputs too), Fn::Join, Fn::Sub, Fn::Select, Fn::Split,
 * Fn::If with the template's Conditions, Fn::ImportValue across every stack's exports, Fn::Base64.
 */
export class Resolver {
  private readonly exports = new Map<string, { stack: StackNode; value: unknown }>();

  constructor(
    readonly assembly: Assembly,
    private readonly override: Override = () => undefined,
  ) {
    for (const stack of assembly.all) {
      for (const output of Object.values(stack.template.Outputs ?? {})) {
        if (output.Export)
          this.exports.set(String(this.resolve(stack, output.Export.Name)), { stack, value: output.Value });
      }
    }
  }

  resolve(stack: StackNode, value: unknown): any {
    if (Array.isArray(value)) return value.map((item) => this.resolve(stack, item)).filter((item) => item !== NO_VALUE);
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [key, arg] = entries[0]!;
      switch (key) {
        case 'Ref':
          return this.ref(stack, arg as string);
        case 'Fn::GetAtt': {
          const [id, attribute] = Array.isArray(arg) ? (arg as string[]) : String(arg).split(/\.(.*)/s);
          return this.attribute(stack, id!, this.resolve(stack, attribute) as string);
        }
        case 'Fn::Join': {
          const [separator, parts] = arg as [string, unknown[]];
          return (this.resolve(stack, parts) as unknown[]).map(String).join(separator);
        }
        case 'Fn::Select': {
          const [index, list] = arg as [unknown, unknown];
          return (this.resolve(stack, list) as unknown[])[Number(this.resolve(stack, index))];
        }
        case 'Fn::Split': {
          const [separator, text] = arg as [string, unknown];
          return String(this.resolve(stack, text)).split(separator);
        }
        case 'Fn::Sub':
          return this.sub(stack, arg);
        case 'Fn::If': {
          const [condition, whenTrue, whenFalse] = arg as [string, unknown, unknown];
          return this.resolve(stack, this.condition(stack, condition) ? whenTrue : whenFalse);
        }
        case 'Fn::ImportValue': {
          const name = String(this.resolve(stack, arg));
          const exported = this.exports.get(name);
          if (!exported)
            throw new UnresolvableError(`${stack.path}: Fn::ImportValue ${name}: no stack of the assembly exports it`);
          return this.resolve(exported.stack, exported.value);
        }
        case 'Fn::Base64':
          return Buffer.from(String(this.resolve(stack, arg))).toString('base64');
        case 'Fn::GetAZs':
          return [`${REGION}a`, `${REGION}b`, `${REGION}c`];
        case 'Fn::Equals':
        case 'Fn::Not':
        case 'Fn::And':
        case 'Fn::Or':
        case 'Condition':
          return this.evaluate(stack, value);
      }
    }
    return Object.fromEntries(
      entries.map(([key, item]) => [key, this.resolve(stack, item)]).filter(([, item]) => item !== NO_VALUE),
    );
  }

  condition(stack: StackNode, name: string): boolean {
    const definition = stack.template.Conditions?.[name];
    if (definition === undefined) throw new UnresolvableError(`${stack.path}: no condition ${name}`);
    return this.evaluate(stack, definition);
  }

  private evaluate(stack: StackNode, value: unknown): boolean {
    const [[key, arg]] = Object.entries(value as Record<string, unknown>) as [[string, any]];
    switch (key) {
      case 'Fn::Equals':
        return JSON.stringify(this.resolve(stack, arg[0])) === JSON.stringify(this.resolve(stack, arg[1]));
      case 'Fn::Not':
        return !this.evaluate(stack, arg[0]);
      case 'Fn::And':
        return (arg as unknown[]).every((item) => this.evaluate(stack, item));
      case 'Fn::Or':
        return (arg as unknown[]).some((item) => this.evaluate(stack, item));
      case 'Condition':
        return this.condition(stack, arg as string);
      default:
        throw new UnresolvableError(`${stack.path}: ${key} is not a condition function`);
    }
  }

  private sub(stack: StackNode, arg: unknown): string {
    const [text, variables] = typeof arg === 'string' ? [arg, {}] : (arg as [string, Record<string, unknown>]);
    return text.replace(/\$\{([^}!][^}]*)\}/g, (_, name: string) => {
      if (name in variables) return String(this.resolve(stack, variables[name]));
      const [id, attribute] = name.split(/\.(.*)/s);
      return String(attribute ? this.attribute(stack, id!, attribute) : this.ref(stack, id!));
    });
  }

  ref(stack: StackNode, name: string): unknown {
    switch (name) {
      case 'AWS::Region':
        return REGION;
      case 'AWS::AccountId':
        return ACCOUNT;
      case 'AWS::Partition':
        return 'aws';
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return stack.stackName;
      case 'AWS::StackId':
        return `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${stack.stackName}/rehearsal`;
      case 'AWS::NoValue':
        return NO_VALUE;
      case 'AWS::NotificationARNs':
        return [];
    }
    const parameter = stack.template.Parameters?.[name];
    if (parameter) {
      const passed = stack.parent?.template.Resources[stack.logicalIdInParent!]?.Properties?.Parameters?.[name];
      if (passed !== undefined) return this.resolve(stack.parent!, passed);
      if (parameter.Default !== undefined) return parameter.Default;
      throw new UnresolvableError(`${stack.path}: parameter ${name} has no value`);
    }
    return this.attribute(stack, name, 'Ref');
  }

  attribute(stack: StackNode, logicalId: string, attribute: string): unknown {
    const resource = stack.template.Resources[logicalId];
    if (!resource)
      throw new UnresolvableError(
        `${stack.path}: ${attribute === 'Ref' ? 'Ref' : 'Fn::GetAtt'} names ${logicalId}, which the template does ` +
          `not have`,
      );
    if (resource.Type === 'AWS::CloudFormation::Stack' && attribute.startsWith('Outputs.')) {
      const child = stack.children.get(logicalId)!;
      const output = child.template.Outputs?.[attribute.slice('Outputs.'.length)];
      if (!output) throw new UnresolvableError(`${child.path}: no output ${attribute}`);
      return this.resolve(child, output.Value);
    }
    const overridden = this.override(stack, logicalId, resource, attribute);
    if (overridden !== undefined) return overridden;
    return defaultAttribute(this, stack, logicalId, resource, attribute);
  }

  /** The name AWS would give the resource: its explicit name property, else one made from the stack and logical id. */
  nameOf(stack: StackNode, logicalId: string, resource: TemplateResource): string {
    const p = resource.Properties ?? {};
    const explicit =
      p.TableName ??
      p.BucketName ??
      p.FunctionName ??
      p.QueueName ??
      p.RoleName ??
      p.Name ??
      p.TopicName ??
      p.UserPoolName ??
      p.LogGroupName ??
      p.ManagedPolicyName;
    if (explicit !== undefined && typeof explicit !== 'object') return String(explicit);
    if (explicit !== undefined) return String(this.resolve(stack, explicit));
    const hash = createHash('sha256').update(`${stack.path}/${logicalId}`).digest('hex').slice(0, 8).toUpperCase();
    const base = `${stack.stackName.split('-').slice(0, 2).join('-')}-${logicalId}`.slice(0, 50);
    return resource.Type === 'AWS::S3::Bucket' ? `${base}-${hash}`.toLowerCase() : `${base}-${hash}`;
  }
}

export const NO_VALUE = Symbol('AWS::NoValue');

function defaultAttribute(
  resolver: Resolver,
  stack: StackNode,
  logicalId: string,
  resource: TemplateResource,
  attribute: string,
): unknown {
  const name = resolver.nameOf(stack, logicalId, resource);
  const arn = (service: string, rest: string, region = REGION) => `arn:aws:${service}:${region}:${ACCOUNT}:${rest}`;
  const byType: Record<string, Record<string, () => unknown>> = {
    'AWS::DynamoDB::Table': {
      Ref: () => name,
      Arn: () => arn('dynamodb', `table/${name}`),
      StreamArn: () => arn('dynamodb', `table/${name}/stream/rehearsal`),
    },
    'AWS::DynamoDB::GlobalTable': {
      Ref: () => name,
      Arn: () => arn('dynamodb', `table/${name}`),
      StreamArn: () => arn('dynamodb', `table/${name}/stream/rehearsal`),
    },
    'AWS::S3::Bucket': {
      Ref: () => name,
      Arn: () => `arn:aws:s3:::${name}`,
      DomainName: () => `${name}.s3.amazonaws.com`,
      RegionalDomainName: () => `${name}.s3.${REGION}.amazonaws.com`,
      WebsiteURL: () => `http://${name}.s3-website-${REGION}.amazonaws.com`,
    },
    'AWS::Events::EventBus': { Ref: () => name, Name: () => name, Arn: () => arn('events', `event-bus/${name}`) },
    'AWS::Events::Rule': { Ref: () => name, Arn: () => arn('events', `rule/${name}`) },
    'AWS::Lambda::Function': { Ref: () => name, Arn: () => arn('lambda', `function:${name}`) },
    'AWS::Lambda::Alias': {
      Ref: () => `${functionArnOf(resolver, stack, resource)}:${resource.Properties?.Name ?? 'live'}`,
    },
    'AWS::Lambda::Version': { Ref: () => `${functionArnOf(resolver, stack, resource)}:1`, Version: () => '1' },
    'AWS::IAM::Role': {
      Ref: () => name,
      Arn: () => `arn:aws:iam::${ACCOUNT}:role/${name}`,
      RoleId: () => `AROA${logicalId.toUpperCase().slice(0, 16)}`,
    },
    'AWS::IAM::ManagedPolicy': { Ref: () => `arn:aws:iam::${ACCOUNT}:policy/${name}` },
    'AWS::SQS::Queue': {
      Ref: () => `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${name}`,
      Arn: () => arn('sqs', name),
      QueueName: () => name,
      QueueUrl: () => `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${name}`,
    },
    'AWS::SNS::Topic': { Ref: () => arn('sns', name), TopicArn: () => arn('sns', name), TopicName: () => name },
    'AWS::SecretsManager::Secret': {
      Ref: () => arn('secretsmanager', `secret:${name}-AbCdEf`),
      Id: () => arn('secretsmanager', `secret:${name}-AbCdEf`),
    },
    'AWS::KMS::Key': { Ref: () => name, KeyId: () => name, Arn: () => arn('kms', `key/${name}`) },
    'AWS::Logs::LogGroup': { Ref: () => name, Arn: () => arn('logs', `log-group:${name}:*`) },
    'AWS::ApiGatewayV2::Api': {
      Ref: () => name.toLowerCase().slice(-10),
      ApiId: () => name.toLowerCase().slice(-10),
      ApiEndpoint: () => `https://${name.toLowerCase().slice(-10)}.execute-api.${REGION}.amazonaws.com`,
    },
    'AWS::ApiGatewayV2::Stage': { Ref: () => resolver.resolve(stack, resource.Properties?.StageName) },
    'AWS::Cognito::UserPool': {
      Ref: () => `${REGION}_${name.slice(-9)}`,
      Arn: () => arn('cognito-idp', `userpool/${REGION}_${name.slice(-9)}`),
      ProviderName: () => `cognito-idp.${REGION}.amazonaws.com/${REGION}_${name.slice(-9)}`,
      ProviderURL: () => `https://cognito-idp.${REGION}.amazonaws.com/${REGION}_${name.slice(-9)}`,
      UserPoolId: () => `${REGION}_${name.slice(-9)}`,
    },
    'AWS::CloudFront::Distribution': {
      Ref: () => `E${logicalId.toUpperCase().slice(0, 12)}`,
      DomainName: () => `d${name.toLowerCase().slice(-8)}.cloudfront.net`,
      Id: () => `E${logicalId.toUpperCase().slice(0, 12)}`,
    },
  };
  const attributes = byType[resource.Type];
  const found = attributes?.[attribute];
  if (found) return found();
  if (attribute === 'Ref') return name;
  if (attribute === 'Arn') return arn(resource.Type.split('::')[1]!.toLowerCase(), name);
  return `${name}.${attribute}`;
}

function functionArnOf(resolver: Resolver, stack: StackNode, resource: TemplateResource): string {
  const target = resource.Properties?.FunctionName;
  const value = String(resolver.resolve(stack, target));
  return value.startsWith('arn:') ? value : `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${value}`;
}
