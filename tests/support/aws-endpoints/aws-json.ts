import type { Answer, SeenRequest } from './server.js';

/**
 * The awsJson protocols (1.0: SQS; 1.1: Secrets Manager, EventBridge): every call is
 * `POST /` with the operation in `X-Amz-Target` (`<service prefix>.<Operation>`), JSON both ways,
 * and an error's type in the body's `__type`.
 */
export const targetOf = (request: SeenRequest): string => String(request.headers['x-amz-target'] ?? '');

export const awsJsonAnswer = (
  version: '1.0' | '1.1',
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Answer => ({
  status,
  headers: { 'content-type': `application/x-amz-json-${version}`, ...headers },
  body,
});

/** An awsJson error of `type` (status 400, as these services answer client errors). */
export const awsJsonError = (version: '1.0' | '1.1', type: string, message: string, status = 400): Answer =>
  awsJsonAnswer(version, { __type: type, message }, status);
