import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/**
 * Bundled in place of `@aws-sdk/credential-provider-node` (an esbuild alias, see bundling.ts) in the
 * Lambda bundles only. In Lambda the SDK's default chain always ends at its first link, the
 * environment variables the runtime sets for the function's role; the other links (SSO, ini files,
 * process, web identity, IMDS, and the STS/SSO clients they carry) are dead code worth about 130 KB
 * per bundle and part of every cold start. So the clients' `credentialDefaultProvider` is the SDK's
 * own environment provider, nothing else. Command-line tools are not bundled and keep the full chain.
 */
export const defaultProvider = (init?: FromEnvInit) => fromEnv(init);
