import { Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges a cdk-nag finding on one construct (and its children), by the finding's full id,
 * always with the reason. The reasons are the review record: keep them specific.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (!/^AwsSolutions-[A-Z0-9]+(\[.+\])?$/.test(id)) throw new Error(`Not a full cdk-nag finding id: ${id}`);
  if (reason.trim().length < 20) throw new Error(`Acknowledgment ${id} needs a real reason`);
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * For a construct the CDK library owns (e.g. BucketDeployment's provider function): acknowledges
 * each wildcard finding its IAM policies have right now, one by one, with the reason. Call it after
 * the construct has received all its grants. Never use it for our own functions' roles.
 */
export function acknowledgeLibraryWildcards(scope: IConstruct, reason: string): string[] {
  const acknowledged: string[] = [];
  for (const node of scope.node.findAll()) {
    if (!(node instanceof CfnPolicy)) continue;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) continue;
    for (const finding of findings) {
      const id = `AwsSolutions-IAM5[${finding}]`;
      acknowledge(node, id, reason);
      acknowledged.push(id);
    }
  }
  return acknowledged;
}
