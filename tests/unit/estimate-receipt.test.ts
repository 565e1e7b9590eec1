import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../../functions/core/cursor.js';
import { issueReceipt, verifyReceipt } from '../../functions/core/estimate-receipt.js';

const facts = { sub: 'user-1', category: 'Design', type: 'Concept Design', source: 'local', basis: 'studio' } as const;
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
    expect(verifyReceipt(receipt, brief, now + 60_000)).toEqual(facts);
    expect(refused(() => verifyReceipt(receipt, brief, now + 24 * 3_600_000 + 1))).toBe('INVALID_ESTIMATE_RECEIPT');
    expect(refused(() => verifyReceipt(receipt, { ...brief, sub: 'user-2' }, now))).toBe('INVALID_ESTIMATE_RECEIPT');
    expect(refused(() => verifyReceipt(receipt, { ...brief, type: 'Interior Design' }, now))).toBe('INVALID_ESTIMATE_RECEIPT');
  });

  it('refuse an edited, made-up or oversized receipt, and a page cursor signed by the same server', () => {
    const receipt = issueReceipt({ ...facts, basis: 'generic' });
    const [payload, signature] = receipt.split('.');
    const claimed = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), basis: 'studio' })).toString('base64url');
    for (const forged of [`${claimed}.${signature}`, 'e30.e30', `${receipt}.x`, 'x'.repeat(5_000), '', encodeCursor('', { ...facts, exp: Date.now() + 60_000 })]) {
      expect(refused(() => verifyReceipt(forged, brief)), forged.slice(0, 40)).toBe('INVALID_ESTIMATE_RECEIPT');
    }
  });
});
