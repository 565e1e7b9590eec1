import type { Context } from 'aws-lambda';
import { handler as designerInviteLink } from './designers/invite-link.js';
import { handler as passwordResets } from './password-resets/routes.js';
import type { HttpEvent } from '../http/middleware.js';

/**
 * The routes of links we mail to prove a mailbox (the designer invitation link, the password-reset
 * link), one Lambda function: the stack is at its resource guard (tests/infra/api.test.ts: under 490
 * of CloudFormation's 500), and a function costs about nine resources. Each route still runs its own
 * middy handler with its own validation; the route key says which.
 */
export const handler = (event: HttpEvent, context: Context) =>
  event.routeKey.includes(' /api/password-resets') ? passwordResets(event, context) : designerInviteLink(event, context);
