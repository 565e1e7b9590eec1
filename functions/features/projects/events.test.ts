import { describe, expect, it } from 'vitest';
import { catalogue } from '../../app/catalogue.js';
import { computeHash } from '../../../events/hash-chain.js';
import { GENESIS_HASH, type EventEnvelope } from '../../../events/envelope.js';
import { LONG_DESCRIPTION } from '../../../tests/support/stack.js';
import { evolveTimeline, initialTimeline } from '../insights/timeline.js';
import { ProjectSubmitted } from './events.js';
import { projectIndexItems } from './project-index.js';
import { projectsProjection } from './projection.js';
import { initialProjectState, projectDocument, projectEvolution } from './state.js';

/**
 * Issue 43: ProjectSubmitted v1 named the checklist's provenance three ways (`grok_generated`, the
 * client's word; `checklist_source`, the generator it named; `checklist_origin`, what the receipt
 * proved, absent before receipts). v2 records the origin only; reading a stored v1 event upcasts it
 * to the origin the insights inferred: the proven one, else 'manual' for a hand-made checklist and
 * 'generated' for a generator's.
 */

const brief = {
  project_id: 'P1',
  user_id: 'u1',
  team_id: null,
  title: 'Kitchen',
  project_category: 'Design',
  project_type: 'Concept Design',
  property_type: 'single_family',
  description: LONG_DESCRIPTION,
  design_priority: [],
  area_sqft: 900,
  existing_plans: false,
  permit_needs: null,
  deliverables: ['Layout Plan'],
  room_selection: [],
  room_notes: null,
  inspiration_links: [],
  project_address: null,
  specifications: {},
  checklist: [{ checklist_id: 'P1-t1', task_name: 'Measure', estimated_hours: 2.5, order_index: 0 }],
  total_estimated_hours: 2.5,
  estimated_turnaround_days: 1,
  priority: 'Normal',
};

function stored(schemaVersion: number, data: Record<string, unknown>): EventEnvelope {
  const unsigned = {
    streamId: 'project-P1',
    version: 1,
    type: 'ProjectSubmitted',
    schemaVersion,
    eventId: '01JD0000000000000000000000',
    at: '2025-01-05T09:00:00.000Z',
    actor: { sub: 'u1', role: 'client' as const },
    correlationId: 'c',
    causationId: null,
    data,
    prevHash: GENESIS_HASH,
  };
  return { ...unsigned, hash: computeHash(unsigned) };
}

type Source = 'bedrock' | 'local' | 'manual' | undefined;
type Origin = 'generated' | 'edited' | 'manual' | undefined;

/**
 * Every v1 combination: [grok_generated, checklist_source (absent: its default, 'manual'),
 * checklist_origin] → origin.
 */
const cases: [boolean, Source, Origin, 'generated' | 'edited' | 'manual'][] = [];
for (const grok of [true, false]) {
  // Before receipts: the source alone says it, whatever the client's flag claimed.
  cases.push([grok, undefined, undefined, 'manual']);
  cases.push([grok, 'manual', undefined, 'manual']);
  cases.push([grok, 'local', undefined, 'generated']);
  cases.push([grok, 'bedrock', undefined, 'generated']);
  // With receipts: the proven origin stands, whatever the source and the flag said.
  for (const source of [undefined, 'manual', 'local', 'bedrock'] as const) {
    for (const origin of ['generated', 'edited', 'manual'] as const) cases.push([grok, source, origin, origin]);
  }
}

const v1 = (grok: boolean, source: Source, origin: Origin) =>
  stored(1, {
    ...brief,
    grok_generated: grok,
    ...(source ? { checklist_source: source } : {}),
    ...(origin ? { checklist_origin: origin } : {}),
  });

describe('ProjectSubmitted v1 → v2: one name for the checklist provenance', () => {
  it('is written at version 2 now, with the origin only', () => {
    expect(catalogue.currentVersion('ProjectSubmitted')).toBe(2);
    const shape = Object.keys(ProjectSubmitted.schema.shape);
    expect(shape).toContain('checklist_origin');
    expect(shape).not.toContain('grok_generated');
    expect(shape).not.toContain('checklist_source');
  });

  it.each(cases)(
    'grok_generated %s, checklist_source %s, checklist_origin %s → %s',
    (grok, source, origin, expected) => {
      const event = v1(grok, source, origin);
      const upcast = catalogue.upcast(event);
      expect(upcast.schemaVersion).toBe(1);
      expect(upcast.data).toEqual({ ...brief, checklist_origin: expected });
      // The stored event (and its hash) are untouched.
      expect(event.data).toHaveProperty('grok_generated', grok);
      expect(computeHash(event)).toBe(event.hash);

      // The fold, the read model's flag, the card and the insights all read the one origin.
      const state = projectEvolution.evolve(initialProjectState(), upcast);
      expect(state.checklist_origin).toBe(expected);
      expect(state).not.toHaveProperty('grok_generated');
      expect(state).not.toHaveProperty('checklist_source');
      expect(projectDocument(state).grok_generated).toBe(expected !== 'manual');
      const doc = projectsProjection.items(state, 'project-P1').find((item) => item.sk === 'doc')!;
      expect(JSON.parse(String(doc.doc))).toMatchObject({
        checklist_origin: expected,
        grok_generated: expected !== 'manual',
      });
      expect(JSON.parse(String(doc.doc))).not.toHaveProperty('checklist_source');
      const card = projectIndexItems(state, null).find((item) => typeof item.card === 'string')!;
      expect(JSON.parse(String(card.card)).grok_generated).toBe(expected !== 'manual');
      expect(evolveTimeline(initialTimeline(), upcast).checklist_origin).toBe(expected);
    },
  );

  it('folds a v1 history and its v2 equivalent to the same state', () => {
    const fold = (event: EventEnvelope) => projectEvolution.evolve(initialProjectState(), catalogue.upcast(event));
    expect(fold(v1(true, 'local', 'edited'))).toEqual(fold(stored(2, { ...brief, checklist_origin: 'edited' })));
    expect(fold(v1(true, 'manual', undefined))).toEqual(fold(stored(2, { ...brief, checklist_origin: 'manual' })));
  });

  it('refuses a v1 event without its flag, and a v2 event without its origin or with an unknown one', () => {
    const { grok_generated: _g, ...noFlag } = v1(true, 'local', undefined).data as Record<string, unknown>;
    expect(() => catalogue.upcast(stored(1, noFlag))).toThrow();
    expect(() => catalogue.upcast(stored(2, brief))).toThrow();
    expect(() => catalogue.upcast(stored(2, { ...brief, checklist_origin: 'bedrock' }))).toThrow();
  });
});
