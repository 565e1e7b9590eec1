/**
 * What every AWS SDK client of ours shares. In the cloud the SDK resolves region, endpoint and
 * credentials itself (Lambda sets AWS_REGION and the role's keys in the environment; the bundles
 * carry only the environment link of the credential chain, see infra/stack/lambda-credentials.ts).
 * Against an embedded service (an endpoint from the environment) the region defaults and the
 * credentials are placeholders: dynalite, s3rver and cognito-local check no signatures.
 */
export function localEndpointConfig(endpoint: string | undefined): {
  endpoint?: string;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
} {
  if (!endpoint) return {};
  return {
    endpoint,
    region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    },
  };
}

/**
 * How long an attempt on a service that answers in milliseconds (DynamoDB, EventBridge, Cognito, SES, Secrets Manager,
 * the WebSocket API) may stay silent.
 */
export const PROMPT_SERVICE_SILENCE_MS = 6_000;
/** S3 and Bedrock: a model may think for tens of seconds before its answer's first byte. */
export const SLOW_SERVICE_SILENCE_MS = 30_000;

/**
 * The SDK's own Node handler, configured rather than replaced: a connection that cannot be opened in
 * 3 s, or an attempt whose socket stays silent for `silentMs`, is abandoned and the SDK's retry
 * strategy decides (for a conditional write, the store then recognises its own commit).
 * `socketTimeout`, not `requestTimeout`: since @smithy/node-http-handler 4.x `requestTimeout` only logs
 * a warning unless `throwOnRequestTimeout` is set, and a cap on a whole request would also cut a slow
 * but live one. The handler arms a timeout of 6 s or more 3 s into the attempt, so a silent one is
 * abandoned after at most 3 s + `silentMs`: within a 15 s HTTP function's time for DynamoDB.
 */
export const requestHandlerOptions = (silentMs = PROMPT_SERVICE_SILENCE_MS) => ({
  connectionTimeout: 3_000,
  socketTimeout: silentMs,
});

/**
 * The same limit for a client whose SDK default is the HTTP/2 handler (Bedrock Runtime): that handler
 * reads neither `connectionTimeout` nor `socketTimeout`; its `requestTimeout` is the stream's idle limit
 * ("no activity for N ms"), which is what `socketTimeout` is above. A configured handler replaces the
 * SDK's defaults, so the one it sets (a session per request) is set again.
 */
export const http2RequestHandlerOptions = (silentMs = PROMPT_SERVICE_SILENCE_MS) => ({
  requestTimeout: silentMs,
  disableConcurrentStreams: true,
});

/**
 * For a client whose calls carry no per-call options: it resolves each command's middleware stack on
 * its first call and reuses it, instead of sorting the whole stack on every call (about 55 µs of a
 * call's 250 µs of client CPU, `npx tsx bench/sdk-client-cost.ts`), which a fan-out of live updates
 * pays once per connection. Middleware must all be added before the first call (the Tracer adds its
 * own when the client is made). Not for the DynamoDB document client (lib-dynamodb refuses the
 * option), nor for EventBridge and Bedrock: their calls pass an abort signal, and a call with options
 * bypasses the cache and clears it.
 */
export const MIDDLEWARE_RESOLVED_ONCE = { cacheMiddleware: true } as const;
