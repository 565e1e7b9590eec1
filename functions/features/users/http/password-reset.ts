import { httpHandler } from '../../../app/http.js';
import { passwordResetBody } from '../password-reset-contracts.js';
import { completeReset, resetDetails } from '../password-reset/link.js';
import { requestPasswordReset } from '../password-reset/request.js';

/**
 * POST /api/password-resets (public): mail a link ({ email, flow }), check one on load ({ token }),
 * or set the new password with one ({ token, password }); see the contract.
 */
export const handler = httpHandler({ body: passwordResetBody }, (request) => {
  const body = request.body;
  if ('email' in body) return requestPasswordReset({ ...request, body });
  if ('password' in body) return completeReset({ ...request, body });
  return resetDetails({ ...request, body });
});
