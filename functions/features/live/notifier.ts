import type { EventEnvelope } from '../../../events/envelope.js';
import { getProject } from '../projects/queries.js';
import { getTeam } from '../teams/queries.js';
import { connectionPoster, connectionStore, type LiveMessage } from '../../platform/realtime/index.js';
import { projectionsCaughtUp } from '../../platform/views/caught-up.js';
import { reading } from '../../platform/views/reader.js';
import { consumer } from '../../app/lambda.js';
import { otherAudience, projectAudience, type Audience } from './audience.js';

async function activeMembers(teamId: string | null | undefined): Promise<string[]> {
  if (!teamId) return [];
  const team = await getTeam(reading(), teamId);
  return (team?.members ?? []).filter((member) => member.status === 'active').map((member) => member.user_id);
}

async function audienceOf(envelope: EventEnvelope): Promise<Audience | null> {
  if (envelope.streamId.startsWith('project-')) {
    // The parties come from the event store's own account of the project, not a possibly lagging view.
    const project = await getProject(reading(), envelope.streamId.slice('project-'.length));
    const data = envelope.data as Record<string, string | null>;
    const parties = {
      user_id: project?.user_id ?? data.user_id ?? null,
      team_id: project?.team_id ?? data.team_id ?? null,
      assigned_designer_id: envelope.type === 'DesignerAssigned' ? data.designer_id ?? null : project?.assigned_designer_id ?? null,
      assigned_designer_email: envelope.type === 'DesignerAssigned' ? data.designer_email ?? null : project?.assigned_designer_email ?? null,
    };
    // A designer taken off the project hears it once more, so their dashboard drops the card.
    const previous = { id: project?.assigned_designer_id ?? null, email: project?.assigned_designer_email ?? null };
    return projectAudience(envelope, parties, await activeMembers(parties.team_id), previous);
  }
  const teamId = envelope.streamId.startsWith('team-') ? envelope.streamId.slice('team-'.length) : null;
  return otherAudience(envelope, await activeMembers(teamId));
}

/**
 * Tells connected browsers that something they may see changed, with topic names only. A
 * connection that is gone is forgotten. It speaks once the projections have caught up with the event.
 */
export const handler = consumer(async (envelope: EventEnvelope): Promise<void> => {
  const audience = await audienceOf(envelope);
  if (!audience) return;
  const store = connectionStore();
  const [bySub, byEmail, admins] = await Promise.all([
    Promise.all(audience.subs.map((sub) => store.bySub(sub))),
    Promise.all(audience.emails.map((email) => store.byEmail(email))),
    audience.admins ? store.byRole('admin') : Promise.resolve([]),
  ]);
  const adminSet = new Set(admins);
  const recipients = new Set([...bySub.flat(), ...byEmail.flat(), ...admins]);
  // Nobody to tell: no reason to wait for the projections (most events, when few are online).
  if (recipients.size === 0) return;
  await projectionsCaughtUp(reading(), envelope.streamId, envelope.version);
  const poster = connectionPoster();
  await Promise.all(
    [...recipients].map(async (connectionId) => {
      const topics = adminSet.has(connectionId) ? [...audience.topics, ...audience.adminTopics] : audience.topics;
      const message: LiveMessage = { type: 'changed', topics, at: envelope.at };
      if ((await poster.post(connectionId, JSON.stringify(message))) === 'gone') await store.remove(connectionId);
    }),
  );
});
