import { describe, expect, it } from 'vitest';
import { CodeBook } from '../../infra/local/cognito/codes.js';
import { CODE_RULES } from '../../infra/local/cognito/rules.js';

/** The embedded Cognito's code rules over time, with a clock the test moves (no waiting). */
function book() {
  let now = Date.UTC(2026, 10, 27, 12);
  const codes = new CodeBook(() => now);
  return { codes, advance: (seconds: number) => (now += seconds * 1000) };
}

const failure = (run: () => unknown) => {
  try {
    run();
    return 'accepted';
  } catch (err) {
    return (err as { type?: string }).type ?? String(err);
  }
};

describe('the shim’s code book', () => {
  it('a code expires after its lifetime', () => {
    const { codes, advance } = book();
    codes.issue('forgot:u', '123456', 'u@example.test');
    advance(CODE_RULES.lifetimeSeconds - 1);
    expect(codes.check('forgot:u', '123456')).toBe('u@example.test');
    advance(2);
    expect(failure(() => codes.check('forgot:u', '123456'))).toBe('ExpiredCodeException');
  });

  it('five wrong guesses void the code and lock out for the lock-out time, then a new code works', () => {
    const { codes, advance } = book();
    codes.issue('forgot:u', '123456', 'u@example.test');
    const answers = Array.from({ length: 7 }, () => failure(() => codes.check('forgot:u', '000000')));
    expect(answers).toEqual([
      ...Array(CODE_RULES.maxFailedAttempts).fill('CodeMismatchException'),
      'LimitExceededException',
      'LimitExceededException',
    ]);
    expect(failure(() => codes.check('forgot:u', '123456'))).toBe('LimitExceededException');
    advance(CODE_RULES.lockoutSeconds + 1);
    expect(failure(() => codes.check('forgot:u', '123456'))).toBe('CodeMismatchException'); // void, not revived
    codes.issue('forgot:u', '654321', 'u@example.test');
    expect(codes.check('forgot:u', '654321')).toBe('u@example.test');
  });

  it('a new code replaces the old one and resets the count; a consumed code is gone', () => {
    const { codes } = book();
    codes.issue('verify:u', '111111', 'old@example.test');
    expect(failure(() => codes.check('verify:u', '000000'))).toBe('CodeMismatchException');
    codes.issue('verify:u', '222222', 'new@example.test');
    expect(failure(() => codes.check('verify:u', '111111'))).toBe('CodeMismatchException');
    expect(codes.check('verify:u', '222222')).toBe('new@example.test');
    codes.consume('verify:u');
    expect(failure(() => codes.check('verify:u', '222222'))).toBe('CodeMismatchException');
  });

  it('code messages are limited per key and window, other keys untouched', () => {
    const { codes, advance } = book();
    const sent = Array.from({ length: CODE_RULES.maxMessagesPerWindow + 2 }, () =>
      failure(() => codes.noteMessage('mail:u')),
    );
    expect(sent).toEqual([
      ...Array(CODE_RULES.maxMessagesPerWindow).fill('accepted'),
      'LimitExceededException',
      'LimitExceededException',
    ]);
    expect(failure(() => codes.noteMessage('mail:other'))).toBe('accepted');
    advance(CODE_RULES.messageWindowSeconds + 1);
    expect(failure(() => codes.noteMessage('mail:u'))).toBe('accepted');
  });

  it('a guess that is not a string of the code’s length never matches', () => {
    const { codes } = book();
    codes.issue('forgot:u', '123456', 'u@example.test');
    for (const guess of [123456, '1234567', '', null, ['123456']])
      expect(failure(() => codes.check('forgot:u', guess))).toBe('CodeMismatchException');
  });
});
