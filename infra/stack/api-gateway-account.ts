import { RemovalPolicy } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledge } from './nag.js';

/**
 * API Gateway's account setting `cloudWatchRoleArn`: the role API Gateway writes REST and WebSocket
 * logs with. Without it, creating a WebSocket stage with access logs fails ("CloudWatch Logs role ARN
 * must be set in account settings to enable logging"). HTTP APIs do not need it.
 *
 * This is a per-region setting of the whole account, not a resource of this stack alone: the last
 * stack (or person) to set it wins, for every API in the region. Hence the role is kept when the
 * stack is deleted (RetainExceptOnCreate), so the setting never points at a deleted role and the
 * other stages and APIs of the region keep logging; deleting it is a manual step once nothing in
 * the region logs through it (docs/deploy.md §10).
 */
export class ApiGatewayAccount extends Construct {
  readonly account: CfnAccount;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: { stage: string }) {
    super(scope, id);
    this.role = new Role(this, 'CloudWatchRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description:
        `API Gateway writes REST and WebSocket API logs in this region (account setting, set by ` +
        `design-club ${props.stage})`,
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    this.role.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
    acknowledge(
      this.role,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/' +
        'AmazonAPIGatewayPushToCloudWatchLogs]',
      'AWS’s own policy for the API Gateway account logging role (create log groups and streams, put events, ' +
        'for any API of the region): the documented role, kept current by AWS.',
    );
    this.account = new CfnAccount(this, 'Account', { cloudWatchRoleArn: this.role.roleArn });
    this.account.applyRemovalPolicy(RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE);
  }
}
