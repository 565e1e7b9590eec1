/**
 * Before `cdk deploy`: the stack's state, so that a deploy after a failed one can go on or says how.
 *
 * - ROLLBACK_COMPLETE (a first create that failed and rolled back completely): the CDK deletes the
 *   empty stack and creates it again, unless termination protection (prod) refuses the deletion; it is
 *   switched off here, since the stack holds nothing (the create's own rollback deleted everything).
 * - ROLLBACK_FAILED / UPDATE_ROLLBACK_FAILED: CloudFormation waits for a person; the deploy stops with
 *   the commands of docs/deploy.md 4.5.
 */
import {
  CloudFormationClient,
  DescribeStacksCommand,
  UpdateTerminationProtectionCommand,
} from '@aws-sdk/client-cloudformation';
import { deployClientConfig, errorKind, type DeployClientOptions } from './sdk.js';

export interface RetryVerdict {
  /** Whether the deploy may go on. */
  proceed: boolean;
  lines: string[];
}

export async function prepareRetry(
  stackName: string,
  region: string,
  options: DeployClientOptions = {},
): Promise<RetryVerdict> {
  const cloudFormation = new CloudFormationClient(deployClientConfig({ region, ...options }));
  try {
    return await verdictOn(cloudFormation, stackName, region);
  } finally {
    cloudFormation.destroy();
  }
}

async function verdictOn(
  cloudFormation: CloudFormationClient,
  stackName: string,
  region: string,
): Promise<RetryVerdict> {
  let stack: { StackStatus?: string; EnableTerminationProtection?: boolean } | undefined;
  try {
    stack = (await cloudFormation.send(new DescribeStacksCommand({ StackName: stackName }))).Stacks?.[0];
  } catch (error) {
    if (errorKind(error) === 'not-found') return { proceed: true, lines: [] };
    return {
      proceed: true,
      lines: [`(Could not read the state of ${stackName}: ${(error as Error).message}. Going on.)`],
    };
  }
  const status = stack?.StackStatus;
  if (status === 'ROLLBACK_COMPLETE') {
    const lines = [
      `${stackName} is ROLLBACK_COMPLETE: its first create failed and rolled back, nothing is left in it. The deploy ` +
        `deletes it and creates it again.`,
    ];
    if (!stack?.EnableTerminationProtection) return { proceed: true, lines };
    const cleared = await cloudFormation
      .send(new UpdateTerminationProtectionCommand({ StackName: stackName, EnableTerminationProtection: false }))
      .then(
        () => null,
        (error: unknown) => (error as Error).message,
      );
    if (cleared === null)
      return {
        proceed: true,
        lines: [
          ...lines,
          'Its termination protection would refuse that deletion: switched off (the deploy switches it on again).',
        ],
      };
    return {
      proceed: false,
      lines: [
        ...lines,
        `Its termination protection refuses the deletion, and switching it off failed (${cleared}). Run:`,
        `  aws cloudformation update-termination-protection --no-enable-termination-protection ` +
          `--stack-name ${stackName} --region ${region}`,
      ],
    };
  }
  if (status === 'ROLLBACK_FAILED') {
    return {
      proceed: false,
      lines: [
        `${stackName} is ROLLBACK_FAILED: the rollback of its first create could not delete something. Nothing is ` +
          `deployed until it is gone (docs/deploy.md 4.5):`,
        `  aws cloudformation describe-stack-events --stack-name ${stackName} --region ${region} --query ` +
          `"StackEvents[?ResourceStatus=='DELETE_FAILED'].[LogicalResourceId,ResourceStatusReason]" --output ` +
          `table`,
        '  fix each cause (e.g. empty a bucket), then:',
        `  aws cloudformation delete-stack --stack-name ${stackName} --region ${region}`,
      ],
    };
  }
  if (status === 'UPDATE_ROLLBACK_FAILED') {
    return {
      proceed: false,
      lines: [
        `${stackName} is UPDATE_ROLLBACK_FAILED: the rollback of an update could not restore something. Continue it ` +
          `first (docs/deploy.md 4.5):`,
        `  aws cloudformation describe-stack-events --stack-name ${stackName} --region ${region} --query ` +
          `"StackEvents[?ResourceStatus=='UPDATE_FAILED'].[LogicalResourceId,ResourceStatusReason]" --output ` +
          `table`,
        `  aws cloudformation continue-update-rollback --stack-name ${stackName} --region ${region}   # after fixing ` +
          `the cause, or add --resources-to-skip <LogicalId>`,
      ],
    };
  }
  if (status && /_IN_PROGRESS$/.test(status)) {
    return {
      proceed: false,
      lines: [
        `${stackName} is ${status}: another operation is running. Wait for it: aws cloudformation wait ` +
          `stack-update-complete --stack-name ${stackName} --region ${region}`,
      ],
    };
  }
  return { proceed: true, lines: [] };
}
