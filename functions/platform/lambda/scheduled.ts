import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { newId } from '../ids.js';
import { log } from '../log.js';
import { correlationIdOf, errorAttributes, invocable, observed } from '../observability/middleware.js';
import { withRequestContext } from '../http/request-context.js';

/**
 * A scheduled job (an EventBridge schedule): the same logging and metrics, the schedule's event id as correlation id.
 */
export function scheduled<R>(fn: () => Promise<R>) {
  const handler = middy<Partial<ScheduledEvent>, R, Error, Context>()
    .use(observed<Partial<ScheduledEvent>, R>((event, context) => event.id ?? context.awsRequestId ?? newId()))
    .use({
      onError: (request) => {
        log.error('Scheduled job failed', {
          scheduleEventId: request.event?.id,
          error: errorAttributes(request.error),
        });
      },
    })
    .handler(async (event, _context, { signal }) =>
      withRequestContext({ correlationId: correlationIdOf(event)!, signal }, fn),
    );
  return invocable<Partial<ScheduledEvent> | undefined, R, typeof handler>(handler);
}
