import type { EventEnvelope } from '#events/envelope.js';
import type { SystemRole } from '#shared/vocabulary.js';
import { designerEvolution } from '../../designers/state.js';
import { userEvolution, userRoles } from '../state.js';
import { loadState } from '../../../platform/event-store/load-state.js';
import { identityDirectory } from '../../../platform/aws/identity.js';
import { log } from '../../../platform/log.js';
import { eventReading } from '../../../app/runtime.js';
import { storedEvent } from '../../../platform/event-store/stored-event.js';
import { consumer } from '../../../app/lambda.js';

const ignoreMissingUser = (error: unknown) => {
  if ((error as Error).name !== 'UserNotFoundException') throw error;
};

async function setMembership(username: string, group: SystemRole, member: boolean): Promise<void> {
  const directory = identityDirectory();
  await (member ? directory.addToGroup(username, group) : directory.removeFromGroup(username, group)).catch(
    ignoreMissingUser,
  );
}

/**
 * Keeps Cognito's groups in step with the roles the events record, so fresh tokens carry them (the
 * API itself decides rights from the projections, never from the groups alone). Idempotent and
 * order-tolerant: for role changes it reads the stream's current state and sets the membership that
 * state implies, so redelivered or reordered events end in the same groups.
 *
 * A registration links nothing: an e-mail address at sign-up is not proven, so a designer
 * authorisation waiting for it is linked only when its invitation link is followed.
 */
export const handler = consumer(async (delivered: EventEnvelope): Promise<void> => {
  const runtime = eventReading();
  const envelope = await storedEvent(delivered, runtime);
  if (!envelope) {
    log.warn('Ignored a role event that is not in the event store', {
      streamId: String(delivered?.streamId),
      version: String(delivered?.version),
      type: String(delivered?.type),
    });
    return;
  }
  switch (envelope.type) {
    case 'UserRegistered': {
      const email = String(envelope.data.email);
      const role = (envelope.data.initial_role as SystemRole | undefined) ?? 'client';
      // Designer rights come from the designer streams only (below), never from a registration.
      if (role !== 'designer') await setMembership(email, role, true);
      return;
    }
    case 'RoleGranted':
    case 'RoleRevoked': {
      const { state } = await loadState(userEvolution, envelope.streamId, runtime);
      if (state.email) await setMembership(state.email, 'admin', userRoles(state).includes('admin'));
      return;
    }
    case 'DesignerAuthorized':
    case 'DesignerLinked':
    case 'DesignerDeactivated':
    case 'DesignerReactivated':
    case 'DesignerRemoved': {
      const { state } = await loadState(designerEvolution, envelope.streamId, runtime);
      if (!state.email) return;
      // Only an account can be in a group: a pre-authorised e-mail joins once it is linked.
      const member = state.status === 'active' && state.user_id !== null;
      if (member || state.status !== 'active') await setMembership(state.email, 'designer', member);
      return;
    }
  }
});
