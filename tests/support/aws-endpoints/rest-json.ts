import type { Answer } from './server.js';

/**
 * A restJson error (Bedrock Runtime, SESv2, the API Gateway management API): the status the
 * service's API reference gives the error, its type in `x-amzn-ErrorType` (services append the
 * shape's namespace after a colon, which the SDK strips), and `{ "message" }` in the body.
 */
export const restJsonError = (
  status: number,
  type: string,
  message: string,
  namespace = 'http://internal.amazon.com/coral/com.amazon.service/',
): Answer => ({
  status,
  headers: { 'x-amzn-errortype': `${type}:${namespace}` },
  body: { message },
});

/** A restJson success: the output shape as JSON. */
export const restJsonAnswer = (body: unknown, status = 200): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body,
});
