import type { EventEnvelope } from '../../../events/envelope.js';
import type { AppliedEvent } from '../../platform/views/projection.js';
import {
  connectionPoster,
  connectionStore,
  emailListeners,
  roleListeners,
  subListeners,
  type ListenerKey,
  type LiveMessage,
} from '../../platform/realtime/index.js';
import { log } from '../../platform/log.js';
import type { Runtime } from '../../platform/runtime.js';
import { getProject } from '../projects/queries.js';
import { getTeam } from '../teams/queries.js';
import { otherAudience, projectAudience, type Audience, type ProjectParties } from './audience.js';

/**
 * The projections whose states name who hears about a stream's events (checkpoint names, as in
 * functions/platform/views/checkpoints.ts): a project's parties, a team's members.
 */
const PROJECTS = 'projects';
const TEAMS = 'teams';

interface Step {
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

function partiesOf(state: unknown): ProjectParties {
  const record = isRecord(state) ? state : {};
  return {
    user_id: text(record.user_id),
    team_id: text(record.team_id),
    assigned_designer_id: text(record.assigned_designer_id),
    assigned_designer_email: text(record.assigned_designer_email),
  };
}

function activeIn(state: unknown): string[] {
  const members = isRecord(state) && Array.isArray(state.members) ? state.members : [];
  return members
    .filter(
      (member): member is { user_id: string } =>
        isRecord(member) && member.status === 'active' && typeof member.user_id === 'string',
    )
    .map((member) => member.user_id);
}

async function activeMembers(runtime: Runtime, teamId: string | null): Promise<string[]> {
  if (!teamId) return [];
  return activeIn(await getTeam(runtime, teamId));
}

/**
 * Who hears about one applied event (audience.ts keeps the rules). The parties are the projection's
 * own states around the event, folded from the store: the owner and designer after it, and a
 * designer it took off the project, or a member it removed from a team, from before it (they hear it
 * once more, so their screens drop what they may no longer see). Without those states (another
 * projection of the stream committed here, this one elsewhere) the views, which have the event, say.
 */
async function audienceOf(
  runtime: Runtime,
  event: EventEnvelope,
  steps: ReadonlyMap<string, Step>,
): Promise<Audience | null> {
  if (event.streamId.startsWith('project-')) {
    const step = steps.get(PROJECTS);
    const after = step
      ? partiesOf(step.after)
      : partiesOf(await getProject(runtime, event.streamId.slice('project-'.length)));
    const before = step ? partiesOf(step.before) : null;
    const previous = { id: before?.assigned_designer_id ?? null, email: before?.assigned_designer_email ?? null };
    return projectAudience(event, after, await activeMembers(runtime, after.team_id), previous);
  }
  if (event.streamId.startsWith('team-')) {
    const step = steps.get(TEAMS);
    const members = step
      ? [...new Set([...activeIn(step.before), ...activeIn(step.after)])]
      : await activeMembers(runtime, event.streamId.slice('team-'.length));
    return otherAudience(event, members);
  }
  return otherAudience(event, []);
}

/** One message per connection for one commit of the views: the topics of all its events together. */
type Inbox = Map<string, { topics: Set<string>; at: string }>;

async function inboxOf(runtime: Runtime, applied: readonly AppliedEvent[]): Promise<Inbox> {
  const byEvent = new Map<string, { event: EventEnvelope; steps: Map<string, Step> }>();
  for (const { projection, event, before, after } of applied) {
    const key = `${event.streamId}\u0000${event.version}`;
    const entry = byEvent.get(key) ?? { event, steps: new Map<string, Step>() };
    entry.steps.set(projection, { before, after });
    byEvent.set(key, entry);
  }
  const events = [...byEvent.values()].sort((a, b) => a.event.version - b.event.version);
  const audiences = await Promise.all(
    events.map(async ({ event, steps }) => ({ event, audience: await audienceOf(runtime, event, steps) })),
  );
  // Every listener of the commit's audiences at once: one batch read of their listener items.
  const keysOf = (audience: Audience): ListenerKey[] => [
    ...audience.subs.map(subListeners),
    ...audience.emails.map(emailListeners),
    ...(audience.admins ? [roleListeners('admin')] : []),
  ];
  const heard = audiences.flatMap(({ audience }) => (audience ? keysOf(audience) : []));
  const listeners = heard.length ? await connectionStore().listeners(heard) : new Map<ListenerKey, string[]>();
  const admins = new Set(listeners.get(roleListeners('admin')) ?? []);
  const inbox: Inbox = new Map();
  for (const { event, audience } of audiences) {
    if (!audience) continue;
    for (const connectionId of new Set(keysOf(audience).flatMap((key) => listeners.get(key) ?? []))) {
      const entry = inbox.get(connectionId) ?? { topics: new Set<string>(), at: event.at };
      const adminHere = audience.admins && admins.has(connectionId);
      for (const topic of adminHere ? [...audience.topics, ...audience.adminTopics] : audience.topics)
        entry.topics.add(topic);
      if (event.at > entry.at) entry.at = event.at;
      inbox.set(connectionId, entry);
    }
  }
  return inbox;
}

/**
 * Tells connected browsers which topics the views just changed, never data (they reload what they
 * may read). Called by the projections consumer right after its commit, with what the projector
 * says it applied: a browser that reloads upon the message finds the change. Best effort, and never
 * the commit's failure: the views hold the change either way, a redelivery would find nothing left
 * to apply (so nothing to announce), and one connection's failed post is logged and touches no other.
 * A connection that is gone is forgotten.
 */
export async function announceChanges(runtime: Runtime, applied: readonly AppliedEvent[]): Promise<void> {
  if (applied.length === 0) return;
  let inbox: Inbox;
  try {
    inbox = await inboxOf(runtime, applied);
  } catch (error) {
    log.warn('Live update not announced: its audience could not be read', {
      streamId: applied[0]!.event.streamId,
      error: String((error as Error)?.message ?? error),
    });
    return;
  }
  if (inbox.size === 0) return;
  const store = connectionStore();
  const poster = connectionPoster();
  const outcomes = await Promise.allSettled(
    [...inbox].map(async ([connectionId, { topics, at }]) => {
      const message: LiveMessage = { type: 'changed', topics: [...topics], at };
      if ((await poster.post(connectionId, JSON.stringify(message))) === 'gone') await store.remove(connectionId);
    }),
  );
  const failed = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed.length) {
    log.warn('Live update not delivered to some connections', {
      failed: failed.length,
      of: inbox.size,
      error: String((failed[0]!.reason as Error)?.message ?? failed[0]!.reason),
    });
  }
}
