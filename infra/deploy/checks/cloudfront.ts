import type { CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';

/**
 * No AWS API says whether an account may create CloudFront distributions: a new account may have
 * to be verified by AWS Support first, and only the create itself tells. So this is a note with
 * the step, never a check that pretends to know.
 */
export function cloudFrontVerification({ account }: CheckContext): CheckResult {
  return {
    check: 'CloudFront account verification',
    outcome: 'note',
    detail:
      `not checkable (no API tells). If account ${account} has never created a CloudFront distribution, the ` +
      `first deploy may fail with "Your account must be verified before you can add new CloudFront resources".`,
    fix: [
      'Then: https://console.aws.amazon.com/support/home#/case/create → Account and billing → ask AWS Support to ' +
        'verify the account for CloudFront; deploy again once they confirm.',
    ],
  };
}
