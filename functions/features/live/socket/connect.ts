import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { connectionStore, verifyIdToken } from '../../../platform/realtime/index.js';
import { HttpError } from '../../../platform/errors.js';
import { callerPrincipal } from '../../../app/http.js';
import { claimConnectionSlot, TOO_MANY_CONNECTIONS } from '../connection-cap.js';

interface ConnectEvent {
  requestContext: { connectionId: string };
  queryStringParameters?: Record<string, string | undefined> | null;
}

/**
 * `$connect`: the browser passes its ID token as `?token=` (browsers cannot set headers on a
 * WebSocket). A bad token refuses the connection, and so does a good one whose session has ended
 * (the user's "sessions valid from" instant, the API's rule: `resolvePrincipal`). Roles come from the
 * projections, not the token's groups. The connection is recorded with who it belongs to and when
 * its session began, so that ending the session closes it (functions/features/users/reactions/sessions.ts).
 */
export const handler = async (event: ConnectEvent): Promise<APIGatewayProxyResultV2> => {
  const token = event.queryStringParameters?.token;
  const caller = token ? await verifyIdToken(token) : null;
  if (!caller) return { statusCode: 401, body: 'Unauthorized' };
  let principal;
  try {
    principal = await callerPrincipal({
      sub: caller.sub,
      identitySub: caller.sub,
      email: caller.email,
      name: null,
      groups: caller.groups,
      issuedAt: caller.issuedAt,
      authTime: caller.authTime,
      emailVerified: caller.emailVerified,
      designerEmails: [],
      tokenGroups: caller.groups,
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return { statusCode: 401, body: 'Unauthorized' };
    throw error;
  }
  const role = principal.groups.includes('admin')
    ? 'admin'
    : principal.groups.includes('designer')
      ? 'designer'
      : 'client';
  // Updates about projects assigned to an e-mail reach the connection only for an address its
  // account proved (a linked designer authorisation), never for the token's e-mail claim alone.
  const email = principal.designerEmails.includes(principal.email) ? principal.email : '';
  const slot = await claimConnectionSlot(principal.sub, event.requestContext.connectionId);
  if (slot === null) return TOO_MANY_CONNECTIONS;
  await connectionStore().add({
    connectionId: event.requestContext.connectionId,
    slot,
    sub: principal.sub,
    email,
    role,
    authTime: caller.authTime,
  });
  return { statusCode: 200, body: 'Connected' };
};
