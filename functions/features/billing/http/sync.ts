import { actorOf } from '../../../platform/http/auth.js';
import { billingProvider } from '../provider/provider.js';
import { syncAll } from '../reconcile.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import type { SyncResponse } from '../contracts.js';

/** sync-all-subscriptions (admin; the route table enforces the role). */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const body: SyncResponse = await syncAll(await billingProvider(), appending(), actorOf(principal));
  return { body };
});
