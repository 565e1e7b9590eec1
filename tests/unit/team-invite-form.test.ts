import { describe, expect, it } from 'vitest';
import {
  signInWithInviteHref,
  validateInviteSignup,
} from '../../web/src/features/teams/components/invite-signup-form.js';

const valid = {
  email: 'dana@example.com',
  name: 'Dana',
  phone: '',
  password: 'CorrectHorse#2026',
  confirmPassword: 'CorrectHorse#2026',
};

describe('the invite-signup form (docs/product.md#validation)', () => {
  it('accepts a valid form, with or without a phone', () => {
    expect(validateInviteSignup(valid)).toEqual({});
    expect(validateInviteSignup({ ...valid, phone: '+1 (555) 010-2040' })).toEqual({});
  });
  it('names every broken rule with the spec texts', () => {
    expect(
      validateInviteSignup({ email: 'nope', name: 'D', phone: '555-12', password: 'short', confirmPassword: 'other' }),
    ).toEqual({
      email: 'Invalid email address',
      name: 'Name must be at least 2 characters',
      phone: 'Phone number must be at least 10 digits',
      password: 'Password must be at least 12 characters',
      confirmPassword: "Passwords don't match",
    });
  });
  it('bounds name (2–100) and phone (10–20 digits)', () => {
    expect(validateInviteSignup({ ...valid, name: 'x'.repeat(100) })).toEqual({});
    expect(validateInviteSignup({ ...valid, name: 'x'.repeat(101) }).name).toBe('Name must be at most 100 characters');
    expect(validateInviteSignup({ ...valid, phone: '1'.repeat(10) })).toEqual({});
    expect(validateInviteSignup({ ...valid, phone: '1'.repeat(20) })).toEqual({});
    expect(validateInviteSignup({ ...valid, phone: '1'.repeat(21) }).phone).toBe(
      'Phone number must be at most 20 digits',
    );
    expect(validateInviteSignup({ ...valid, phone: '555-CALL-NOW' }).phone).toMatch(/only digits/);
  });
  it('password: at least 12 characters', () => {
    expect(validateInviteSignup({ ...valid, password: 'x'.repeat(11), confirmPassword: 'x'.repeat(11) }).password).toBe(
      'Password must be at least 12 characters',
    );
    expect(validateInviteSignup({ ...valid, password: 'x'.repeat(12), confirmPassword: 'x'.repeat(12) })).toEqual({});
  });
  it('the sign-in link carries the accept-invite redirect', () => {
    expect(signInWithInviteHref('abc_DEF-123')).toBe('/auth?redirect=%2Faccept-invite%3Ftoken%3Dabc_DEF-123');
  });
});
