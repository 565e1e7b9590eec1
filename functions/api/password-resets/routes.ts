import * as z from 'zod';
import { HttpError } from '../../core/errors.js';
import { describeZodError, httpHandler } from '../../http/middleware.js';
import { completePasswordResetBody, passwordResetTokenParams, requestPasswordResetBody } from '../contracts/password-resets.js';
import { completeReset, resetDetails } from './link.js';
import { requestPasswordReset } from './request.js';

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new HttpError(400, 'INVALID_INPUT', describeZodError(result.error, 'request body'));
  return result.data;
}

/**
 * The password-reset routes, one function (the route key says which; the stack is near its resource
 * limit): POST /api/password-resets, GET and POST /api/password-resets/{token}. All public.
 */
export const handler = httpHandler({ body: z.unknown() }, (request) => {
  if (request.event.routeKey === 'POST /api/password-resets') return requestPasswordReset({ ...request, body: parse(requestPasswordResetBody, request.body) });
  const params = { token: parse(passwordResetTokenParams, request.event.pathParameters).token };
  if (request.event.routeKey.startsWith('GET ')) return resetDetails({ ...request, params });
  return completeReset({ ...request, params, body: parse(completePasswordResetBody, request.body) });
});
