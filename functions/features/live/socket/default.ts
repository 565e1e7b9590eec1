import type { APIGatewayProxyResultV2 } from 'aws-lambda';

/** `$default`: clients only listen; a message from them (a keep-alive ping) needs no answer. */
export const handler = async (): Promise<APIGatewayProxyResultV2> => ({ statusCode: 200, body: '' });
