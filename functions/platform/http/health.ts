import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * Liveness. Answers without touching anything: it does not go through `httpHandler`, whose role
 * checks read the projections (and would give this function data-store permissions it never needs).
 */
export const handler = async (): Promise<APIGatewayProxyStructuredResultV2> => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  body: JSON.stringify({ status: 'ok' }),
});
