import { describe, expect, it } from 'vitest';
import type { Actor, EventEnvelope, NewEvent } from '../../../events/envelope.js';
import { MAX_INSPIRATION_LINKS } from '../../../shared/project-brief.js';
import {
  DELIVERABLE_FILES_PER_PROJECT_MAX,
  FILES_PER_PROJECT_MAX,
  STORED_NAME_MAX,
  uploadKey,
} from '../../../shared/uploads.js';
import { VIEW_ITEM_MAX_BYTES, itemBytes } from '../../platform/views/item-size.js';
import { CommentApproved, CommentPosted, FileUploaded, ProjectSubmitted } from './events.js';
import { projectKey } from './keys.js';
import { PENDING_COMMENTS_MAX } from './state.js';
import { checkpointKey } from '../../platform/views/checkpoints.js';
import { projectsProjection } from './projection.js';
import { BRIEF_MAX_BYTES, BRIEF_TOO_LARGE, projectDecider } from './decider.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

/**
 * The project's document (`project#<id>`) with every field of the wizard at its longest and every
 * file the caps allow, as the record route stores them (sanitised names, keys it made): it stays
 * under the 350 KB every view item is held to (docs/security.md#bounds).
 */
const CLIENT: Actor = { sub: 'c'.repeat(36), role: 'client' };
const ulid = (prefix: string, i: number) => `${prefix}${String(i).padStart(25, '0')}`;

/** The longest brief in `char`, cut to fit BRIEF_MAX_BYTES (the description gives way) when `fit`. */
function brief(char: string, fit: boolean) {
  const text = (length: number) => char.repeat(length);
  const projectId = ulid('P', 0);
  const fields = {
    project_id: projectId,
    user_id: CLIENT.sub,
    team_id: 't'.repeat(26),
    title: text(200),
    project_category: 'Permit' as const,
    project_type: text(100),
    property_type: text(100),
    description: text(20_000),
    design_priority: Array<string>(10).fill(text(200)),
    area_sqft: 10_000_000,
    existing_plans: true,
    permit_needs: text(5_000),
    deliverables: Array<string>(20).fill(text(200)),
    room_selection: Array<string>(20).fill(text(200)),
    room_notes: text(5_000),
    inspiration_links: Array<string>(MAX_INSPIRATION_LINKS).fill(`https://example.test/${'a'.repeat(1_979)}`),
    project_address: text(500),
    checklist: Array.from({ length: 100 }, (_, i) => ({
      checklist_id: `${projectId}-t${i}`,
      task_name: text(500),
      estimated_hours: 999.75,
      order_index: i,
    })),
    total_estimated_hours: 99_975,
    estimated_turnaround_days: 999,
    checklist_origin: 'generated' as const,
  };
  const bytes = () => new TextEncoder().encode(JSON.stringify(fields)).length;
  // The description gives way first, then the tasks' names, a character at a time.
  while (fit && bytes() > BRIEF_MAX_BYTES && fields.description.length > 100)
    fields.description = text(Math.max(100, fields.description.length - 1_000));
  for (let length = 499; fit && bytes() > BRIEF_MAX_BYTES; length -= 10)
    fields.checklist = fields.checklist.map((task) => ({ ...task, task_name: text(length) }));
  return fields;
}

function history(char: string): EventEnvelope[] {
  const projectId = ulid('P', 0);
  const events: NewEvent[] = [ProjectSubmitted.create(brief(char, true))];
  const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  for (let i = 0; i < FILES_PER_PROJECT_MAX; i += 1) {
    const deliverable = i < DELIVERABLE_FILES_PER_PROJECT_MAX;
    const fileId = ulid('F', i);
    const name = `${'n'.repeat(STORED_NAME_MAX - 5)}.docx`;
    const key = uploadKey(projectId, deliverable ? 'deliverable' : 'client_upload', fileId, name);
    events.push(
      FileUploaded.create({
        file_id: fileId,
        file_name: name,
        file_type: deliverable ? 'deliverable' : 'client_upload',
        file_category: type,
        file_size: 52_428_800,
        file_url: key,
        ...(deliverable && i > 0 ? { version_of: ulid('F', 0), version: i + 1 } : {}),
        page_count: 10_000,
      }),
    );
  }
  return events.map(
    (event, i) =>
      ({
        ...event,
        streamId: `project-${projectId}`,
        version: i + 1,
        schemaVersion: 1,
        eventId: ulid('E', i),
        at: '2026-11-28T10:00:00.000Z',
        actor: CLIENT,
        correlationId: 'c',
        causationId: null,
        prevHash: '',
        hash: '',
      }) as EventEnvelope,
  );
}

describe('the project document at its caps', () => {
  it(`refuses a brief over ${BRIEF_MAX_BYTES} bytes with 400 and a readable message`, () => {
    const { checklist, ...fields } = brief('€', false);
    const command = {
      type: 'SubmitProject' as const,
      ...fields,
      specifications: {},
      checklist: checklist.map(({ task_name, estimated_hours }) => ({ task_name, estimated_hours })),
      checklist_origin: 'manual' as const,
    };
    deciderSpec(projectDecider)([], CLIENT).when(command).thenThrows(BRIEF_TOO_LARGE, 'INVALID');
  });

  it.each([
    ['ASCII text', 'x'],
    ['three-byte characters', '€'],
  ])('stays under 350 KB with %s', (_label, char) => {
    let state = projectsProjection.initialState();
    for (const event of history(char)) state = projectsProjection.evolve(state, event);
    const doc = projectsProjection
      .items(state, state.id!)
      .find((item) => item.pk === projectKey(state.id!).pk && item.sk === 'doc')!;
    const bytes = itemBytes(doc);
    console.log(`project document at its caps, ${_label}: ${bytes} bytes`);
    expect(bytes).toBeLessThan(VIEW_ITEM_MAX_BYTES);
  });
});

describe('the projects checkpoint at its caps', () => {
  /**
   * The document's history, then 1,000 comments approved and the most a project may hold waiting, all of the longest
   * text.
   */
  function withComments(char: string): EventEnvelope[] {
    const base = history(char);
    const admin: Actor = { sub: 'a'.repeat(36), role: 'admin' };
    const events: { event: NewEvent; actor: Actor }[] = [];
    for (let i = 0; i < 1_000 + PENDING_COMMENTS_MAX; i += 1) {
      const comment_id = ulid('C', i);
      events.push({ event: CommentPosted.create({ comment_id, content: char.repeat(5_000) }), actor: admin });
      if (i < 1_000) events.push({ event: CommentApproved.create({ comment_id }), actor: admin });
    }
    return [
      ...base,
      ...events.map(
        ({ event, actor }, i) =>
          ({
            ...base[0]!,
            ...event,
            version: base.length + i + 1,
            eventId: ulid('E', base.length + i),
            actor,
          }) as EventEnvelope,
      ),
    ];
  }

  it.each([
    ['ASCII text', 'x'],
    ['three-byte characters', '€'],
  ])('keeps no comment text: its state stays under 350 KB with %s, and so does every item', (label, char) => {
    let state = projectsProjection.initialState();
    const written = [];
    for (const event of withComments(char)) {
      const after = projectsProjection.evolve(state, event);
      written.push(...(projectsProjection.eventItems?.(event, state, after) ?? []));
      state = after;
    }
    expect(state.pending_comments).toHaveLength(PENDING_COMMENTS_MAX);
    const checkpoint = {
      ...checkpointKey('projects', `project-${state.id}`),
      version: 1,
      v: 1,
      state: JSON.stringify(state),
    };
    const bytes = itemBytes(checkpoint);
    console.log(
      `projects checkpoint at its caps with ${PENDING_COMMENTS_MAX} comments waiting, ${label}: ${bytes} bytes`,
    );
    expect(bytes).toBeLessThan(VIEW_ITEM_MAX_BYTES);
    const items = [...projectsProjection.items(state, state.id!), ...written];
    const largest = Math.max(...items.map((item) => itemBytes(item)));
    expect(largest).toBeLessThan(VIEW_ITEM_MAX_BYTES);
    // Every comment's text is in its own item.
    expect(written.filter((item) => typeof item.comment === 'string')).toHaveLength(1_000 + PENDING_COMMENTS_MAX);
  });
});
