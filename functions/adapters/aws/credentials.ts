/** AWS credentials as SigV4 needs them. */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

export type CredentialsProvider = () => Promise<Credentials>;

/** The Lambda runtime's way: the function's role, in the environment it sets. */
export function credentialsFromEnvironment(): Credentials | undefined {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return undefined;
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return sessionToken ? { accessKeyId, secretAccessKey, sessionToken } : { accessKeyId, secretAccessKey };
}

const LOCAL: Credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const REFRESH_BEFORE_MS = 5 * 60_000;

/**
 * Where a client's credentials come from: given ones; for a local endpoint, the environment's or
 * placeholders (the embedded services check no signatures); otherwise the environment (Lambda),
 * and failing that the SDK's full chain (profiles, SSO, IMDS) for an operator's shell running
 * `npm run replay` against AWS. The chain is imported only then; in Lambda bundles it is aliased
 * to the environment link alone (infra/stack/bundling.ts).
 */
export function resolveCredentials(options: { credentials?: Credentials; endpoint?: string }): CredentialsProvider {
  if (options.credentials) {
    const fixed = options.credentials;
    return async () => fixed;
  }
  if (options.endpoint) {
    const local = credentialsFromEnvironment() ?? LOCAL;
    return async () => local;
  }
  let cached: Promise<Credentials> | undefined;
  let expiresAt = Number.POSITIVE_INFINITY;
  return async () => {
    if (cached && Date.now() < expiresAt - REFRESH_BEFORE_MS) return cached;
    const fromEnvironment = credentialsFromEnvironment();
    if (fromEnvironment) {
      cached = Promise.resolve(fromEnvironment);
      expiresAt = Number.POSITIVE_INFINITY;
      return cached;
    }
    cached = import('@aws-sdk/credential-provider-node').then(({ defaultProvider }) => defaultProvider()());
    cached.catch(() => (cached = undefined));
    const credentials = await cached;
    expiresAt = credentials.expiration?.getTime() ?? Number.POSITIVE_INFINITY;
    return credentials;
  };
}
