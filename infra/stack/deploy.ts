import { Stack } from 'aws-cdk-lib';
import {
  LambdaApplication,
  LambdaDeploymentConfig,
  LambdaDeploymentGroup,
  type ILambdaDeploymentConfig,
} from 'aws-cdk-lib/aws-codedeploy';
import type { IAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { FunctionKind, HandlerFunction } from './functions.js';
import { acknowledge } from './nag.js';

/** Prod shifts 10% of traffic to a new version for 5 minutes first; other stages switch at once. */
export const deploymentConfigFor = (stage: string): ILambdaDeploymentConfig =>
  stage === 'prod' ? LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES : LambdaDeploymentConfig.ALL_AT_ONCE;

export interface SafeDeploysProps {
  stage: string;
  /** Skip the alarm checks for this deploy (the `deployIgnoreAlarms` context). */
  ignoreAlarms?: boolean;
  functions: readonly HandlerFunction[];
  /** The alarms that roll back a deployment of a function of these kinds (at most 10 per group). */
  alarmsFor: (entry: HandlerFunction, kinds: ReadonlySet<FunctionKind>) => IAlarm[];
}

/**
 * Every function's `live` alias moves to a new version through CodeDeploy: one application, one
 * deployment group per function, one service role for all of them; each group in its alias's own stack (a feature's
 * nested stack). CloudFormation hands the alias update to CodeDeploy, which shifts traffic (canary in prod) and rolls
 * back, restoring the previous
 * version, when an alarm of the group fires or the deployment fails.
 */
export class SafeDeploys extends Construct {
  readonly application: LambdaApplication;
  readonly groups = new Map<string, LambdaDeploymentGroup>();

  constructor(scope: Construct, id: string, props: SafeDeploysProps) {
    super(scope, id);
    this.application = new LambdaApplication(this, 'Application', { applicationName: `design-club-${props.stage}` });
    const role = new Role(this, 'ServiceRole', {
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      description: `CodeDeploy shifts the live aliases of design-club ${props.stage}`,
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSCodeDeployRoleForLambdaLimited')],
    });
    acknowledge(
      role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      'AWS’s own limited policy for CodeDeploy on Lambda (UpdateAlias/GetAlias, DescribeAlarms, CodeDeployHook_* ' +
        'invokes): the documented service role, kept current by AWS.',
    );
    // Shared by every group: imported as immutable so that each group does not attach the managed policy again.
    const sharedRole = Role.fromRoleArn(this, 'SharedServiceRole', role.roleArn, { mutable: false });
    const config = deploymentConfigFor(props.stage);
    // A feature's functions live in its nested stack (feature-stacks.ts): their groups go there too.
    const scopes = new Map<Stack, Construct>([[Stack.of(this), this]]);
    const scopeFor = (entry: HandlerFunction): Construct => {
      const stack = Stack.of(entry.alias);
      let scope = scopes.get(stack);
      if (!scope) scopes.set(stack, (scope = new Construct(stack, id)));
      return scope;
    };

    for (const entry of props.functions) {
      // The alias's UpdatePolicy names its group. In another stack that name would come through the
      // stack's outputs, and CloudFormation then needs that whole stack before the alias: a nested
      // stack of groups waits for their alarms, which wait for functions that read the user pool,
      // whose triggers are aliases (a cycle, aws/aws-cdk#2231). Same stack, resource by resource.
      const scope = scopeFor(entry);
      if (Stack.of(entry.alias) !== Stack.of(scope)) {
        throw new Error(
          `${entry.handler}: its deployment group must be in the stack of its live alias ` +
            `(${Stack.of(entry.alias).node.path})`,
        );
      }
      const alarms = props.alarmsFor(entry, entry.kinds);
      if (alarms.length > 10)
        throw new Error(`${entry.handler}: CodeDeploy watches at most 10 alarms per deployment group`);
      const group = new LambdaDeploymentGroup(scope, entry.name, {
        application: this.application,
        alias: entry.alias,
        deploymentConfig: config,
        role: sharedRole,
        alarms,
        ignoreAlarmConfiguration: props.ignoreAlarms,
        autoRollback: {
          failedDeployment: true,
          stoppedDeployment: true,
          deploymentInAlarm: alarms.length > 0 && !props.ignoreAlarms,
        },
      });
      this.groups.set(entry.handler, group);
    }
  }
}
