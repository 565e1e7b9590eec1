import type { AwsCredentialIdentity } from '@smithy/types';

/** Where the deploy tools' SDK clients connect: the SDK's own chain unless a test says otherwise. */
export interface DeployClientOptions {
  region?: string;
  /** Only for tests and private endpoints; the SDK also honours AWS_ENDPOINT_URL. */
  endpoint?: string;
  credentials?: AwsCredentialIdentity;
}

/**
 * The configuration of every SDK client the deploy tools make: the operator's credentials, profile
 * and region as the SDK resolves them, and a short wait, so an unreachable endpoint is "could not
 * check" within seconds instead of a hang.
 */
export const deployClientConfig = (options: DeployClientOptions) => ({
  ...options,
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 3_000, socketTimeout: 10_000 },
});

export type ErrorKind = 'denied' | 'not-found' | 'failed';

/** What a failed call means to an operator, from the SDK error's name (each service names them its way). */
export function errorKind(error: unknown): ErrorKind {
  const { name = '', message = '' } = (error ?? {}) as { name?: string; message?: string };
  if (/AccessDenied|AuthorizationError|UnauthorizedOperation|NotAuthorized/i.test(name)) return 'denied';
  if (/ResourceNotFound|NotFound/i.test(name)) return 'not-found';
  // CloudFormation answers a stack that does not exist with ValidationError and this message.
  if (name === 'ValidationError' && /does not exist/i.test(message)) return 'not-found';
  return 'failed';
}
