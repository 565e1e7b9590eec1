import { preferencesOf } from '../../../shared/notification-kinds.js';
import type { EventEnvelope } from '../../../events/envelope.js';
import { projectEvolution, type ProjectState } from '../projects/state.js';
import { userEvolution, userStream } from '../users/state.js';
import { mailer } from '../../platform/mail/index.js';
import { connectionPoster, connectionStore, subListeners, type LiveMessage } from '../../platform/realtime/index.js';
import { loadState } from '../../platform/event-store/load-state.js';
import { log } from '../../platform/log.js';
import { NotificationStore, type PendingMail } from './store.js';
import type { EventReading, Runtime } from '../../platform/runtime.js';
import { adminIds } from '../users/queries.js';
import { designerByEmail } from '../designers/queries.js';
import { getTeam } from '../teams/queries.js';
import { noticesFor, recipientKey, type Notice, type ProjectParties } from './audience.js';
import { composeMail } from './mail.js';

/** What an address without an account is told, whatever happened (it follows its invitation link to see more). */
const UNPROVEN_MESSAGE =
  'There is news about your Design Club projects: sign in through your invitation link to see it';

/** One e-mail per project per recipient in this window at most; what comes meanwhile is folded into the next. */
export const MAIL_WINDOW_MS = 60_000;

/** The project before and after the event, from the event store (never a possibly lagging view). */
async function projectAround(
  runtime: EventReading,
  event: EventEnvelope,
): Promise<{ before: ProjectState; after: ProjectState }> {
  let before = projectEvolution.initialState();
  if (event.version > 1)
    for (const earlier of (await runtime.store.readStream(event.streamId, { to: event.version - 1 })).events)
      before = projectEvolution.evolve(before, earlier);
  return { before, after: projectEvolution.evolve(before, event) };
}

/** Who hears about a project event: the parties from the store and the views, then the pure decision. */
export async function noticesOf(runtime: EventReading, event: EventEnvelope): Promise<Notice[]> {
  const withAdmins = ['ProjectSubmitted', 'ProjectStatusChanged', 'CommentPosted', 'ChangesRequested'].includes(
    event.type,
  );
  return noticesFor(event, await projectParties(runtime, event, withAdmins));
}

/** The project's parties around one of its events: the state before and after, the team, the admins when asked for. */
export async function projectParties(
  runtime: EventReading,
  event: EventEnvelope,
  withAdmins: boolean,
): Promise<ProjectParties> {
  const { before, after } = await projectAround(runtime, event);
  const team = after.team_id ? await getTeam(runtime, after.team_id) : null;
  const teamMembers = (team?.members ?? [])
    .filter((member) => member.status === 'active')
    .map((member) => member.user_id);
  const emails = [before.assigned_designer_email, after.assigned_designer_email].filter(
    (email): email is string => !!email,
  );
  const accounts = new Map(
    await Promise.all(
      emails.map(async (email) => [email, (await designerByEmail(runtime, email))?.user_id ?? null] as const),
    ),
  );
  const admins = withAdmins ? await adminIds(runtime) : [];
  return { before, after, teamMembers, admins, accountOfEmail: (email) => accounts.get(email) ?? null };
}

/**
 * Stores and sends each notice once: the (event, recipient) marker is claimed with a condition
 * first, the in-app item and the e-mail line are keyed by event and recipient too, so a delivery
 * repeated or replayed, even one that stopped half-way, tells nobody twice. E-mail follows the
 * recipient's preferences; immediate lines go out at once unless an e-mail about that project went
 * out less than a minute ago (then the next send, or the flush schedule, folds them in).
 */
export async function deliver(
  runtime: EventReading,
  event: EventEnvelope,
  notices: readonly Notice[],
): Promise<string[]> {
  const store = new NotificationStore(runtime);
  const told: string[] = [];
  const flush: [string, string][] = [];
  for (const notice of notices) {
    const recipient = recipientKey(notice.recipient);
    if ((await store.claim(event.eventId, recipient)) === 'done') continue;
    const account = notice.recipient.sub
      ? (await loadState(userEvolution, userStream(notice.recipient.sub), runtime)).state
      : null;
    // An erased account is told nothing, in the app or by mail: its address is suppressed (its
    // placeholder is undeliverable, and mail to it would only bounce).
    if (account?.erasure) {
      await store.finish(event.eventId, recipient);
      continue;
    }
    const item = {
      id: event.eventId,
      kind: notice.kind,
      project_id: notice.project_id,
      project_title: notice.project_title,
      message: notice.message,
      link: notice.link,
      at: event.at,
    };
    // An address nobody has proven yet (a designer pre-authorised by e-mail) learns that there is
    // work, not what it is: a mistyped address must not receive the client's project title.
    if (!account)
      Object.assign(item, { project_title: 'a Design Club project', message: UNPROVEN_MESSAGE, link: '/designer' });
    if (notice.recipient.sub) {
      await store.addToInbox(notice.recipient.sub, item);
      told.push(notice.recipient.sub);
    }
    const email = account?.email ?? notice.recipient.email;
    const mode = account ? preferencesOf(account.notification_preferences)[notice.kind] : 'immediate';
    if (email && mode !== 'off') {
      await store.queueMail({ ...item, recipient, sub: notice.recipient.sub, email, mode });
      if (mode === 'immediate') flush.push([recipient, notice.project_id]);
    }
    await store.finish(event.eventId, recipient);
  }
  // The in-app side is done whatever the mail does: a failed send stays queued for the flush schedule.
  for (const [recipient, projectId] of flush) await flushProject(runtime, recipient, projectId).catch(() => false);
  return told;
}

/** Sends what waits for (recipient, project) as one e-mail, if its window is free. */
export async function flushProject(runtime: Runtime, recipient: string, projectId: string): Promise<boolean> {
  const store = new NotificationStore(runtime);
  const now = runtime.now().getTime();
  if (!(await store.takeWindow(recipient, projectId, now, now + MAIL_WINDOW_MS))) return false;
  const lines = await store.pendingFor(recipient, `immediate#${projectId}#`);
  if (lines.length === 0) {
    await store.releaseWindow(recipient, projectId);
    return false;
  }
  await sendOrRelease(store, lines, false, () => store.releaseWindow(recipient, projectId));
  await store.sent(lines);
  return true;
}

/** Every immediate line whose window has passed (the minute schedule): bursts end in one more e-mail. */
export async function flushAll(runtime: Runtime): Promise<number> {
  const store = new NotificationStore(runtime);
  let sent = 0;
  for (const [recipient, projects] of await store.pendingRecipients('immediate')) {
    // One address that cannot receive mail holds up nobody else's.
    for (const projectId of projects)
      if (await flushProject(runtime, recipient, projectId).catch(() => false)) sent += 1;
  }
  return sent;
}

/** The daily digest: once per recipient per day (a claimed marker), each waiting line once. */
export async function sendDigests(runtime: Runtime): Promise<number> {
  const store = new NotificationStore(runtime);
  const day = runtime.now().toISOString().slice(0, 10);
  let sent = 0;
  for (const recipient of (await store.pendingRecipients('digest')).keys()) {
    if (!(await store.claimDigest(recipient, day))) continue;
    const lines = await store.pendingFor(recipient, 'digest#');
    if (lines.length === 0) {
      await store.releaseDigest(recipient, day);
      continue;
    }
    try {
      await sendOrRelease(store, lines, true, () => store.releaseDigest(recipient, day));
    } catch {
      continue;
    }
    await store.sent(lines);
    sent += 1;
  }
  return sent;
}

/** A line that failed this many sends is dropped (logged): an address that cannot receive mail. */
export const MAX_MAIL_ATTEMPTS = 5;

/**
 * A failed send gives its claim back, so a later flush sends it (the lines stay queued, each
 * failure counted, up to MAX_MAIL_ATTEMPTS), and rethrows for the caller to go on with others.
 */
async function sendOrRelease(
  store: NotificationStore,
  lines: PendingMail[],
  digest: boolean,
  release: () => Promise<void>,
): Promise<void> {
  try {
    await mailer().send(composeMail(lines, { digest }));
  } catch (error) {
    const dropped = await store.failed(lines, MAX_MAIL_ATTEMPTS);
    log.warn('Notification e-mail failed', {
      mode: lines[0]!.mode,
      lines: lines.length,
      dropped,
      error: (error as Error).message,
    });
    await release();
    throw error;
  }
}

/** Tells the recipients' open screens that their notifications changed (topic only, never data). */
export async function announce(subs: readonly string[], at: string): Promise<void> {
  if (subs.length === 0) return;
  const connections = connectionStore();
  const poster = connectionPoster();
  const message: LiveMessage = { type: 'changed', topics: ['notifications'], at };
  // Every recipient's connections in one batch read of their listener items.
  const listeners = await connections.listeners(subs.map(subListeners));
  for (const connectionId of new Set([...listeners.values()].flat())) {
    if ((await poster.post(connectionId, JSON.stringify(message))) === 'gone') await connections.remove(connectionId);
  }
}
