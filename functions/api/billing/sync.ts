import { actorOf } from '../../lib/auth.js';
import { billingProvider } from '../../lib/billing/provider.js';
import { syncAll } from '../../lib/billing/reconcile.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { getRuntime } from '../../lib/runtime.js';
import type { SyncResponse } from './contracts.js';

/** sync-all-subscriptions (admin; the route table enforces the role). */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const body: SyncResponse = await syncAll(await billingProvider(), getRuntime(), actorOf(principal));
  return { body };
});
