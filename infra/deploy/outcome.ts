/**
 * One line of the pre-deploy report, and how an SDK error becomes one. A check that the caller may
 * not run is "could not check" with the IAM action it needs, never a failure: an operator whose
 * deploy role reads nothing but CloudFormation still deploys.
 */

export type Outcome =
  /** The account is ready for this. */
  | 'ok'
  /** The deploy, or the running system, would fail on this: it stops the deploy. */
  | 'missing'
  /** The check could not run (permissions, network): it does not stop the deploy. */
  | 'unchecked'
  /** Nothing to decide here, but something the operator should know or do by hand. */
  | 'note';

export interface CheckResult {
  /** What was checked, e.g. "SES production access". */
  check: string;
  outcome: Outcome;
  /** What was found, in one or two sentences. */
  detail: string;
  /** How to fix it: commands to run or console pages, one per line, in order. */
  fix?: string[];
}

const DENIED = new Set([
  'AccessDenied',
  'AccessDeniedException',
  'UnauthorizedOperation',
  'AuthorizationError',
  'AuthorizationErrorException',
  'UnauthorizedException',
]);
const NO_CREDENTIALS = new Set([
  'CredentialsProviderError',
  'ExpiredToken',
  'ExpiredTokenException',
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'SignatureDoesNotMatch',
  'InvalidSignatureException',
]);

export type SdkError = Error & { name: string; $metadata?: { httpStatusCode?: number }; Code?: string };

export const errorName = (error: unknown): string => (error as SdkError)?.name ?? 'Error';
export const isNamed = (error: unknown, ...names: string[]) => names.includes(errorName(error));

export function isAccessDenied(error: unknown): boolean {
  const name = errorName(error);
  if (DENIED.has(name)) return true;
  // Some services answer a denied call with a bare 403 whose type the SDK cannot name.
  return (error as SdkError)?.$metadata?.httpStatusCode === 403 && !NO_CREDENTIALS.has(name);
}

export const hasNoCredentials = (error: unknown) => NO_CREDENTIALS.has(errorName(error));

/** "could not check": AccessDenied names the IAM action to allow; anything else is quoted. */
export function couldNotCheck(check: string, error: unknown, action: string): CheckResult {
  const message = (error as Error)?.message?.split('\n')[0] ?? String(error);
  if (isAccessDenied(error)) {
    return {
      check,
      outcome: 'unchecked',
      detail: `could not check: your credentials may not call ${action} (${errorName(error)}).`,
      fix: [`Allow the IAM action ${action} to check it, or check it yourself.`],
    };
  }
  return { check, outcome: 'unchecked', detail: `could not check: ${errorName(error)}: ${message}` };
}

/** Runs a check, turning an unexpected SDK error into "could not check" rather than a crash. */
export async function guarded(
  check: string,
  action: string,
  run: () => Promise<CheckResult | CheckResult[]>,
): Promise<CheckResult[]> {
  try {
    const result = await run();
    return Array.isArray(result) ? result : [result];
  } catch (error) {
    return [couldNotCheck(check, error, action)];
  }
}

const MARK: Record<Outcome, string> = { ok: 'ok     ', missing: 'MISSING', unchecked: '?      ', note: 'note   ' };

/** The report as printed before the diff. */
export function formatReport(results: CheckResult[], where: string): string {
  const lines = [`Checks before deploying ${where}:`];
  for (const result of results) {
    lines.push(`  [${MARK[result.outcome]}] ${result.check}: ${result.detail}`);
    for (const step of result.fix ?? []) lines.push(`              ${step}`);
  }
  const missing = results.filter((result) => result.outcome === 'missing').length;
  const unchecked = results.filter((result) => result.outcome === 'unchecked').length;
  lines.push(
    missing === 0
      ? `Ready: nothing missing${unchecked ? ` (${unchecked} could not be checked with these credentials)` : ''}.`
      : results.some((result) => result.outcome === 'missing' && result.check === 'AWS credentials')
        ? // Nothing can be deployed without credentials: no flag to offer.
          `${missing} missing: fix ${missing === 1 ? 'it' : 'them'} as shown, then run the deploy again.`
        : `${missing} missing: fix ${missing === 1 ? 'it' : 'them'} as shown, or deploy with --skip-checks if you ` +
          `know better.`,
  );
  return lines.join('\n');
}
