import type { EventBridgeEvent } from 'aws-lambda';
import type { EventEnvelope, SystemRole } from '../../events/index.js';
import { identityDirectory } from '../lib/identity.js';

/**
 * Keeps Cognito's groups in step with the roles the events record. Idempotent: Cognito ignores
 * adding a member twice, so redelivery is harmless.
 */
export const handler = async (event: EventBridgeEvent<string, EventEnvelope>): Promise<void> => {
  const envelope = event.detail;
  if (envelope.type === 'UserRegistered') {
    const role = (envelope.data.initial_role as SystemRole | undefined) ?? 'client';
    await identityDirectory().addToGroup(String(envelope.data.email), role);
  }
};
