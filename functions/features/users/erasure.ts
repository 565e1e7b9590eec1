import type { EventEnvelope } from '#events/envelope.js';
import { SYSTEM_ACTOR } from '#events/envelope.js';
import { identityDirectory } from '../../platform/aws/identity.js';
import { eraseObjects } from '../../platform/aws/storage.js';
import { loadState, runCommand } from '../../platform/event-store/command.js';
import { log } from '../../platform/log.js';
import { installedMailer } from '../../platform/mail/index.js';
import type { Appending } from '../../platform/runtime.js';
import { billingStream } from '../billing/state.js';
import { cancelSubscriptionOf } from '../billing/commands.js';
import { exportStream } from '../exports/state.js';
import { forgetNotifications } from '../notifications/commands.js';
import { getProject, projectsOfOwner, projectsOfTeam } from '../projects/queries.js';
import { removeErasedMember } from '../teams/commands.js';
import { membershipOf } from '../teams/queries.js';
import { teamStream } from '../teams/state.js';
import { forgetClaims } from '../../platform/event-store/idempotency.js';
import { identitySubOf, userDecider, userEvolution, userStream } from './decider.js';

/** The erasure's bounds: far above one person's share (projects cap their own files and events). */
const PROJECTS_MAX = 1_000;

/**
 * Rebuilds the views of these streams from their events, in place and in this order: the app wires it
 * (functions/app/erasure.ts), since a rebuild runs every feature's projections.
 */
export type RebuildViews = (streamIds: readonly string[]) => Promise<void>;

export interface ErasureReport {
  keysDestroyed: number;
  filesDeleted: number;
  streamsRebuilt: number;
}

/**
 * Carries out an erasure (PersonalDataErased on `user-<sub>`), every step safe to repeat, in the order
 * that keeps each step possible:
 * 1. what needs the person's data in clear comes first, while their keys still open it: the team's
 *    records (their membership ends, their pending invitations are revoked: those events seal the
 *    member's address under their key), and the local outbox's copies of mail that carried it;
 * 2. the subscription is cancelled at the billing provider (the invoices stay there, as the law asks);
 * 3. the files: every version of their projects' folders and of their own uploads elsewhere, and their
 *    data archives;
 * 4. notifications and waiting e-mail lines about their projects, in anyone's inbox, and their own;
 *    the answers kept for their idempotent requests;
 * 5. the data keys: the account's, its billing's and exports', each project they own, their team's
 *    when nobody else is left in it. Every field sealed under them reads as its erased value;
 * 6. the Cognito user is deleted (the HTTP handler did it already; this is the retry's safety);
 * 7. ErasureCompleted, with the counts;
 * 8. the views of every stream touched are rebuilt from the events, which now read erased. Last, so
 *    that each stream's rebuilt checkpoint follows its last event.
 */
export async function carryOutErasure(
  runtime: Appending,
  erased: EventEnvelope,
  rebuildViews: RebuildViews,
): Promise<ErasureReport> {
  const sub = erased.streamId.slice('user-'.length);
  const erasureId = String(erased.data.erasure_id);
  const meta = { actor: SYSTEM_ACTOR, causationId: erased.eventId, correlationId: erased.correlationId };
  // A redelivery runs every step again: each is idempotent, and the views' rebuild must come last.
  const { state: account } = await loadState(userEvolution, userStream(sub), runtime);

  const owned = (await projectsOfOwner(runtime, sub)).slice(0, PROJECTS_MAX);
  const membership = await membershipOf(runtime, sub);
  const teamId = membership?.team_id ?? null;
  const teamProjects = teamId ? (await projectsOfTeam(runtime, teamId)).slice(0, PROJECTS_MAX) : [];
  const ownedIds = new Set(owned.map((project) => project.id));

  // 1. While the keys still open the person's data.
  let teamAlone = false;
  if (teamId) teamAlone = !(await removeErasedMember(runtime, teamId, sub, meta)).othersRemain;
  const clearTexts = [account.email, account.full_name, account.phone, account.company];
  for (const project of owned) clearTexts.push(project.title, project.project_address ?? null);
  const outbox = installedMailer();
  if (outbox?.forget) await outbox.forget(clearTexts.filter((text): text is string => !!text && text.length >= 4));

  // 2. The subscription.
  await cancelSubscriptionOf(runtime, sub);

  // 3. The files.
  let filesDeleted = 0;
  for (const project of owned) filesDeleted += await eraseObjects(`${project.id}/`);
  for (const project of teamProjects) {
    if (ownedIds.has(project.id)) continue;
    const detail = await getProject(runtime, project.id);
    for (const file of detail?.files ?? []) {
      if (file.uploader_id === sub) filesDeleted += await eraseObjects(file.file_url);
    }
  }
  filesDeleted += await eraseObjects(`exports/${sub}/`);

  // 4. Notifications and kept answers.
  const events: { eventId: string; projectId: string }[] = [];
  for (const project of owned) {
    const { events: stored } = await runtime.store.readStream(`project-${project.id}`, { raw: true });
    for (const event of stored) events.push({ eventId: event.eventId, projectId: project.id });
  }
  await forgetNotifications(runtime, { sub, email: account.email, events });
  await forgetClaims(runtime, sub);

  // 5. The keys.
  const subjects = [userStream(sub), billingStream(sub), exportStream(sub), ...owned.map((p) => `project-${p.id}`)];
  if (teamId && teamAlone) subjects.push(teamStream(teamId));
  for (const subject of subjects) await runtime.store.codec.destroy(subject);

  // 6. The sign-in.
  await identityDirectory().deleteUser(identitySubOf(account) ?? sub);

  // 7. Done: recorded before the views are rebuilt, so that the rebuild covers this event too.
  await runCommand(
    userDecider,
    userStream(sub),
    { type: 'CompleteErasure', erasure_id: erasureId, keys_destroyed: subjects.length, files_deleted: filesDeleted },
    meta,
    runtime,
  );
  // 8. The views, last of all: each stream's rebuilt checkpoint follows its last event, so a projector that
  // still remembers a stream's clear state cannot build on it. The account first: the projects look up its card.
  const rebuilt = [
    userStream(sub),
    billingStream(sub),
    ...(teamId ? [teamStream(teamId)] : []),
    ...owned.map((project) => `project-${project.id}`),
    ...teamProjects.filter((project) => !ownedIds.has(project.id)).map((project) => `project-${project.id}`),
  ];
  await rebuildViews(rebuilt);

  log.info('Erasure completed', { erasureId, keys: subjects.length, files: filesDeleted, streams: rebuilt.length });
  return { keysDestroyed: subjects.length, filesDeleted, streamsRebuilt: rebuilt.length };
}
