import { GetAccountCommand } from '@aws-sdk/client-api-gateway';
import { guarded, type CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';

const CHECK = 'API Gateway logging role';
/** AWS's managed policy for the role API Gateway writes logs with. */
const LOGS_POLICY = 'arn:aws:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs';
/** The logging role's trust policy: API Gateway may assume it. */
const TRUST_POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Principal: { Service: 'apigateway.amazonaws.com' }, Action: 'sts:AssumeRole' }],
});

/**
 * A WebSocket (or REST) stage that logs needs the region's API Gateway logging role, one per account
 * and region. The stack sets its own (AWS::ApiGateway::Account); then this is only informational.
 */
export function checkLoggingRole({ needs, clients, region, account }: CheckContext): Promise<CheckResult[]> {
  const { stagesNeedingRole, createsRole } = needs.apiGatewayLogging;
  if (stagesNeedingRole.length === 0 && !createsRole) return Promise.resolve([]);
  return guarded(CHECK, `apigateway:GET on arn:aws:apigateway:${region}::/account`, async () => {
    const current = (await clients.apiGateway.send(new GetAccountCommand({}))).cloudwatchRoleArn;
    if (createsRole) {
      const replaced = current && !current.includes(`:role/${needs.stackName}-`);
      return {
        check: CHECK,
        outcome: 'note',
        detail: !current
          ? `none set in ${region}; the stack sets its own.`
          : replaced
            ? `${region} logs through ${current}; the stack replaces it with its own role (one setting per account ` +
              `and region). Other APIs of the region keep logging, through the stack's role, while the stack ` +
              `exists.`
            : `${current}, the stack's own.`,
      };
    }
    if (current)
      return { check: CHECK, outcome: 'ok', detail: `${current} (the stack's WebSocket stage logs through it).` };
    return {
      check: CHECK,
      outcome: 'missing',
      detail:
        `none set in ${region}: CloudFormation would refuse the stage ${stagesNeedingRole.join(', ')} ` +
        `("CloudWatch Logs role ARN must be set in account settings").`,
      fix: [
        `aws iam create-role --role-name APIGatewayCloudWatchLogs --assume-role-policy-document '${TRUST_POLICY}'`,
        `aws iam attach-role-policy --role-name APIGatewayCloudWatchLogs --policy-arn ${LOGS_POLICY}`,
        `aws apigateway update-account --region ${region} --patch-operations ` +
          `op=replace,path=/cloudwatchRoleArn,value=arn:aws:iam::${account}:role/APIGatewayCloudWatchLogs`,
      ],
    };
  });
}
