/**
 * Bundled in place of `@aws-sdk/credential-provider-node` (an esbuild alias, see bundling.ts) in the
 * Lambda bundles only. In Lambda the SDK's default chain always ends at its first link, the
 * environment variables the runtime sets for the function's role; the other links (SSO, ini files,
 * process, web identity, IMDS, and the STS/SSO clients they carry) are dead code worth about 130 KB
 * per bundle and part of every cold start. This is that first link, nothing else.
 */
interface Init {
  logger?: { debug?: (message: string) => void };
}

export const defaultProvider = (init?: Init) => async () => {
  init?.logger?.debug?.('lambda-credentials - environment');
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    const error = new Error('No AWS credentials in the environment (this bundle is built for AWS Lambda).');
    error.name = 'CredentialsProviderError';
    throw error;
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  const expiration = process.env.AWS_CREDENTIAL_EXPIRATION;
  return {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(expiration ? { expiration: new Date(expiration) } : {}),
  };
};
