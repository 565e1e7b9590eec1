import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The name of something an account holds once for all its regions (CloudFront's response headers
 * policies and origin access controls, CloudWatch dashboards): the region is part of it, so the same
 * stage can be deployed to two regions of one account without the second deploy failing on a name.
 */
export function accountGlobalName(scope: IConstruct, stage: string, what?: string): string {
  return ['design-club', stage, Stack.of(scope).region, what].filter(Boolean).join('-');
}
