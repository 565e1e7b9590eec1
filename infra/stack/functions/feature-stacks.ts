import { NestedStack, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { acknowledgeGuard } from '../guard.js';

/** The feature folder of a handler (`functions/features/<feature>/…`); handlers outside a feature go to `platform`. */
export const featureOf = (handler: string): string => /^functions\/features\/([^/]+)\//.exec(handler)?.[1] ?? 'platform';

/** Construct id (and template name) of a feature's nested stack: `teams` → `FeatureTeams`; the rest → `Platform`. */
export const featureStackId = (feature: string): string =>
  feature === 'platform' ? 'Platform' : `Feature${feature.replace(/(^|[-_])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}`;

/**
 * One nested stack per feature of functions/features/ (and `Platform` for functions/app and
 * functions/platform): each holds its handlers' functions, `live` aliases and versions, their
 * asynchronous-invoke settings, their errors and throttles alarms, and their CodeDeploy deployment
 * groups (which must sit beside the alias whose UpdatePolicy names them, deploy.ts). Roles, the log
 * group, tables, bus, pool, APIs and rules stay in the parent, which passes their names and ARNs in
 * as parameters. This keeps every template far under CloudFormation's limits (500 resources, 1 MB,
 * 200 parameters and outputs; tests/infra/limits.test.ts asserts 60%) as handlers are added.
 *
 * Cognito triggers stay in the parent: the pool names their aliases and grants itself their invoke
 * permission with its own ARN, so a nested stack of triggers and the pool would wait for each other.
 */
export class FeatureStacks {
  private readonly stacks = new Map<string, NestedStack>();
  /** Per stack: constructs that group what operations adds beside the functions (alarms, deployment groups). */
  private readonly groups = new Map<string, Construct>();

  constructor(
    private readonly parent: Stack,
    private readonly stage: string,
  ) {}

  stackFor(handler: string): NestedStack {
    const feature = featureOf(handler);
    let nested = this.stacks.get(feature);
    if (!nested) {
      nested = new NestedStack(this.parent, featureStackId(feature), {
        description: `Design Club (${this.stage}): the functions of ${feature === 'platform' ? 'the platform (outbox, projections, health)' : `the feature ${feature}`}, their aliases, alarms and deployment groups`,
      });
      acknowledgeGuard(
        nested,
        'lambda_inside_vpc_check',
        'The functions reach only AWS public endpoints (DynamoDB, EventBridge, S3, Cognito, SES, Bedrock, Secrets Manager, API Gateway) and Stripe, over TLS and signed with their own roles; nothing of the service lives in a VPC, and a VPC would add NAT gateways or endpoints and cold-start time without guarding anything.',
      );
      this.stacks.set(feature, nested);
    }
    return nested;
  }

  /** The nested stacks made so far, by construct id. */
  all(): Map<string, NestedStack> {
    return new Map([...this.stacks.values()].map((nested) => [nested.node.id, nested]));
  }

  /**
   * A construct `id` in the stack of `member` (created once per stack): where the alarms and
   * deployment group of a function go. In the parent, `parentScope` is used instead (ids unchanged there).
   */
  groupIn(member: Construct, id: string, parentScope: Construct): Construct {
    const stack = Stack.of(member);
    if (stack === this.parent) return parentScope;
    const key = `${stack.node.path}/${id}`;
    let group = this.groups.get(key);
    if (!group) {
      group = new Construct(stack, id);
      this.groups.set(key, group);
    }
    return group;
  }
}
