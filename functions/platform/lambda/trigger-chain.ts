import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { newId } from '../ids.js';
import { log } from '../log.js';
import { correlationIdOf, errorAttributes, invocable, observed } from '../observability/middleware.js';
import { withRequestContext } from '../http/request-context.js';

/** What every Cognito trigger event carries (the rest depends on the trigger). */
interface CognitoTriggerEvent {
  triggerSource: string;
  userPoolId: string;
  request: { userAttributes?: Record<string, string | undefined> };
}

/**
 * A Cognito trigger. The Cognito request it serves is its identity: Lambda's request id for that
 * invocation is the correlation id of its log lines and of the commits it causes (a fresh id where
 * there is no Lambda context, in the embedded runtime). A failure is logged with the trigger source
 * and the user's sub (never the e-mail), then rethrown: Cognito refuses the operation.
 */
export function trigger<E extends CognitoTriggerEvent>(fn: (event: E) => Promise<E>) {
  const handler = middy<E, E, Error, Context>()
    .use(observed<E, E>((_event, context) => context.awsRequestId ?? newId()))
    .use({
      onError: (request) => {
        log.error('Trigger failed', {
          triggerSource: request.event?.triggerSource,
          userPoolId: request.event?.userPoolId,
          sub: request.event?.request?.userAttributes?.sub,
          error: errorAttributes(request.error),
        });
      },
    })
    .handler(async (event, _context, { signal }) =>
      withRequestContext({ correlationId: correlationIdOf(event)!, signal }, () => fn(event)),
    );
  return invocable<E, E, typeof handler>(handler);
}
