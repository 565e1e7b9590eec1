import { billingDecider, billingEvolution, billingStream, type BillingState } from './decider.js';
import { actorOf, type Principal } from '../../platform/http/auth.js';
import type { BillingProvider } from './provider/provider.js';
import { loadState, runCommand } from '../../platform/event-store/command.js';
import type { Appending, EventReading } from '../../platform/runtime.js';

/** The caller's billing stream, read from the store (not the projection): checkout and portal decide on it. */
export async function billingState(principal: Principal, runtime: EventReading): Promise<BillingState> {
  return (await loadState(billingEvolution, billingStream(principal.sub), runtime)).state;
}

/** The caller's customer at the provider, created (and recorded) on the first checkout. */
export async function ensureCustomer(
  principal: Principal,
  state: BillingState,
  provider: BillingProvider,
  runtime: Appending,
  correlationId: string,
): Promise<string> {
  if (state.customer_id) return state.customer_id;
  const { customer_id } = await provider.createCustomer({ user_id: principal.sub, email: principal.email });
  const result = await runCommand(
    billingDecider,
    billingStream(principal.sub),
    { type: 'LinkCustomer', user_id: principal.sub, customer_id, email: principal.email },
    { actor: actorOf(principal), correlationId: correlationId || undefined },
    runtime,
  );
  return result.state.customer_id!;
}
