import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { connectionStore } from '../../platform/realtime/index.js';

/**
 * How many sockets one user may hold open at once: a person's tabs and devices, with room to spare.
 * Each open socket costs a connections item and a post per change; without a cap one account could
 * open thousands (60 were accepted in issue 34) and make every change fan out to all of them.
 */
export const MAX_CONNECTIONS_PER_USER = 10;

/** `$connect`'s answer past the cap: the handshake is refused with 429 (API Gateway and the embedded stack alike). */
export const TOO_MANY_CONNECTIONS = {
  statusCode: 429,
  body:
    `Too many open connections: at most ${MAX_CONNECTIONS_PER_USER} at once. Close another tab or window and try ` +
    `again.`,
} as const satisfies APIGatewayProxyResultV2;

/** `$connect`: takes one of the user's slots for this connection; null when all are held (nothing recorded). */
export function claimConnectionSlot(userId: string, connectionId: string): Promise<number | null> {
  return connectionStore().claimSlot(userId, connectionId, MAX_CONNECTIONS_PER_USER);
}
