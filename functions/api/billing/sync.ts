import { actorOf } from '../../http/auth.js';
import { billingProvider } from '../../adapters/billing/provider.js';
import { syncAll } from './reconcile.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { getRuntime } from '../../core/runtime.js';
import type { SyncResponse } from './contracts.js';

/** sync-all-subscriptions (admin; the route table enforces the role). */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const body: SyncResponse = await syncAll(await billingProvider(), getRuntime(), actorOf(principal));
  return { body };
});
