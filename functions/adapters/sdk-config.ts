/**
 * What every AWS SDK client of ours shares. In the cloud the SDK resolves region, endpoint and
 * credentials itself (Lambda sets AWS_REGION and the role's keys in the environment; the bundles
 * carry only the environment link of the credential chain, see infra/stack/lambda-credentials.ts).
 * Against an embedded service (an endpoint from the environment) the region defaults and the
 * credentials are placeholders: dynalite, s3rver and cognito-local check no signatures.
 */
export function localEndpointConfig(endpoint: string | undefined): { endpoint?: string; region?: string; credentials?: { accessKeyId: string; secretAccessKey: string } } {
  if (!endpoint) return {};
  return {
    endpoint,
    region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local', secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local' },
  };
}

/**
 * The SDK's own Node handler, configured rather than replaced: a connection that cannot be opened in
 * 3 s, or an attempt that stays silent for 30 s, is abandoned and the SDK's retry strategy decides.
 */
export const requestHandlerOptions = () => ({ connectionTimeout: 3_000, requestTimeout: 30_000 });
