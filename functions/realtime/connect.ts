import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { canonicalEmail } from '../../events/index.js';
import { designersOfUser } from '../queries/designers.js';
import { userIdOfSub } from '../queries/identity.js';
import { connectionStore, verifyIdToken } from '../adapters/realtime/index.js';
import { getRuntime } from '../core/runtime.js';
import { claimConnectionSlot, TOO_MANY_CONNECTIONS } from './connection-cap.js';

interface ConnectEvent {
  requestContext: { connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
}

/**
 * `$connect`: the browser passes its ID token as `?token=` (browsers cannot set headers on a
 * WebSocket). A bad token refuses the connection; a good one is recorded with who it belongs to.
 */
export const handler = async (event: ConnectEvent): Promise<APIGatewayProxyResultV2> => {
  const token = event.queryStringParameters?.token;
  const caller = token ? await verifyIdToken(token) : null;
  if (!caller) return { statusCode: 401, body: 'Unauthorized' };
  const role = caller.groups.includes('admin') ? 'admin' : caller.groups.includes('designer') ? 'designer' : 'client';
  // Updates about projects assigned to an e-mail reach the connection only for an address its
  // account proved (a linked designer authorisation), never for the token's e-mail claim alone.
  const email = canonicalEmail(caller.email);
  // The user the token stands for (a relinked account after a lost pool is its old user).
  const userId = await userIdOfSub(getRuntime(), caller.sub);
  const proven = email ? (await designersOfUser(getRuntime(), userId)).some((designer) => designer.active && canonicalEmail(designer.email) === email) : false;
  if (!(await claimConnectionSlot(userId, event.requestContext.connectionId))) return TOO_MANY_CONNECTIONS;
  await connectionStore().add({ connectionId: event.requestContext.connectionId, sub: userId, email: proven ? email : '', role });
  return { statusCode: 200, body: 'Connected' };
};
