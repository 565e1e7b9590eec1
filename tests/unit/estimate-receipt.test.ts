import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../functions/platform/views/cursor.js';
import {
  checklistHash,
  checklistOrigin,
  issueReceipt,
  verifyReceipt,
} from '../../functions/features/checklists/estimate-receipt.js';

const tasks = [
  { task_name: 'Review the intake', estimated_hours: 1.5 },
  { task_name: 'Draw the layout', estimated_hours: 6 },
];
const facts = {
  sub: 'user-1',
  category: 'Design',
  type: 'Concept Design',
  source: 'local',
  basis: 'studio',
  checklist: tasks,
} as const;
const brief = { sub: 'user-1', category: 'Design', type: 'Concept Design' };
const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return 'accepted';
};

describe('estimate receipts', () => {
  it('prove the source and basis to the caller who asked, for the same brief, for a day', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    const receipt = issueReceipt(facts, now);
    expect(verifyReceipt(receipt, brief, now + 60_000)).toEqual({
      ...brief,
      source: 'local',
      basis: 'studio',
      id: expect.any(String),
      checklist: checklistHash(tasks),
      expiresAt: now + 24 * 3_600_000,
    });
    expect(refused(() => verifyReceipt(receipt, brief, now + 24 * 3_600_000 + 1))).toBe('INVALID_ESTIMATE_RECEIPT');
    expect(refused(() => verifyReceipt(receipt, { ...brief, sub: 'user-2' }, now))).toBe('INVALID_ESTIMATE_RECEIPT');
    expect(refused(() => verifyReceipt(receipt, { ...brief, type: 'Interior Design' }, now))).toBe(
      'INVALID_ESTIMATE_RECEIPT',
    );
  });

  it('refuse an edited, made-up or oversized receipt, and a page cursor signed by the same server', () => {
    const receipt = issueReceipt({ ...facts, basis: 'generic' });
    const [payload, signature] = receipt.split('.');
    const claimed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), basis: 'studio' }),
    ).toString('base64url');
    for (const forged of [
      `${claimed}.${signature}`,
      'e30.e30',
      `${receipt}.x`,
      'x'.repeat(5_000),
      '',
      encodeCursor('', { ...facts, exp: Date.now() + 60_000 }),
    ]) {
      expect(
        refused(() => verifyReceipt(forged, brief)),
        forged.slice(0, 40),
      ).toBe('INVALID_ESTIMATE_RECEIPT');
    }
  });

  it('each receipt is its own (an id to spend once) and names the checklist it answered', () => {
    const [a, b] = [issueReceipt(facts), issueReceipt(facts)].map((receipt) => verifyReceipt(receipt, brief));
    expect(a!.id).not.toBe(b!.id);
    expect(a!.checklist).toBe(b!.checklist);
    expect(verifyReceipt(issueReceipt({ ...facts, checklist: [...tasks].reverse() }), brief).checklist).not.toBe(
      a!.checklist,
    );
  });
});

describe('the checklist origin a receipt proves (issue 34, attack 12)', () => {
  const proof = { checklist: checklistHash(tasks) };
  it("the receipt's own checklist, on its first use: generated (names compared trimmed, as stored)", () => {
    expect(checklistOrigin(proof, tasks, true)).toBe('generated');
    expect(
      checklistOrigin(
        proof,
        tasks.map((task) => ({ ...task, task_name: `  ${task.task_name} ` })),
        true,
      ),
    ).toBe('generated');
  });

  it('other tasks or hours with the same receipt: edited', () => {
    expect(checklistOrigin(proof, [{ ...tasks[0]!, estimated_hours: 1000 }, tasks[1]!], true)).toBe('edited');
    expect(checklistOrigin(proof, [tasks[0]!], true)).toBe('edited');
    expect(checklistOrigin(proof, [...tasks].reverse(), true)).toBe('edited');
    expect(checklistOrigin(proof, [...tasks, { task_name: 'Extra', estimated_hours: 1 }], true)).toBe('edited');
    expect(checklistOrigin(proof, [{ task_name: 'Draw everything by hand', estimated_hours: 1000 }], true)).toBe(
      'edited',
    );
  });

  it('no receipt, or a receipt used before: manual, whatever the checklist', () => {
    expect(checklistOrigin(null, tasks, true)).toBe('manual');
    expect(checklistOrigin(proof, tasks, false)).toBe('manual');
    expect(checklistOrigin(proof, [{ task_name: 'Anything', estimated_hours: 1000 }], false)).toBe('manual');
  });
});
