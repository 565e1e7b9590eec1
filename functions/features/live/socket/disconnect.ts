import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { connectionStore } from '../../../platform/realtime/index.js';

/**
 * `$disconnect`: forget the connection and free its slot (the TTL catches any disconnect that is
 * never reported).
 */
export const handler = async (event: {
  requestContext: { connectionId: string };
}): Promise<APIGatewayProxyResultV2> => {
  await connectionStore().remove(event.requestContext.connectionId);
  return { statusCode: 200, body: 'Disconnected' };
};
