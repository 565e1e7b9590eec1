import { httpHandler, signedIn } from '../../../app/http.js';
import { designersOfUser } from '../queries.js';
import { reading } from '../../../platform/views/reader.js';
import type { LinkDesignerResponse } from '../contracts.js';

/**
 * POST /api/designers/link (any signed-in user): link-designer-role (docs/product.md#roles). `allowed` says
 * whether the caller's account holds an active designer authorisation. It links nothing by e-mail:
 * an authorisation becomes an account's only through its invitation link
 * (POST /api/designer-invites/{token}/accept), which proves the address.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const linked = await designersOfUser(reading(), principal.sub);
  const body: LinkDesignerResponse = { allowed: linked.some((designer) => designer.active) };
  return { body };
});
