import { Aws, Fn, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The name of something an account holds once for all its regions (CloudFront's response headers
 * policies and origin access controls, CloudWatch dashboards): the region is part of it, so the same
 * stage can be deployed to two regions of one account without the second deploy failing on a name.
 */
export function accountGlobalName(scope: IConstruct, stage: string, what?: string): string {
  return ['design-club', stage, Stack.of(scope).region, what].filter(Boolean).join('-');
}

/**
 * The first group of the stack's id (a UUID CloudFormation assigns at each create, e.g. `1a2b3c4d`),
 * resolved at deploy time: the same through every update of one stack, different after a teardown
 * and a new create.
 */
export function stackInstanceId(): string {
  return Fn.select(0, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
}

/**
 * The name of something kept when the stack is deleted (RetainExceptOnCreate) whose name must be
 * unique in the account: it carries stackInstanceId, so a stage deployed again after a teardown
 * gets a new one instead of failing on the kept one (docs/deploy.md 10 says how to delete them).
 */
export function retainedName(stage: string, what: string, separator = '-'): string {
  return `design-club${separator}${stage}${separator}${what}-${stackInstanceId()}`;
}
