import { describe, expect, it } from 'vitest';
import { InvalidPatternError, matchesPattern } from '../../infra/rehearsal/event-pattern.js';

const event = {
  source: 'design-club.events',
  'detail-type': 'ProjectSubmitted',
  detail: {
    type: 'ProjectSubmitted',
    version: 3,
    size: 12.5,
    email: 'Ana@Example.com',
    tags: ['pdf', 'urgent'],
    ip: '10.0.4.7',
    file: 'plans/v2.pdf',
  },
};

describe('EventBridge event patterns', () => {
  it('equals: a literal among the alternatives, and every named field', () => {
    expect(matchesPattern({ source: ['design-club.events'], 'detail-type': ['A', 'ProjectSubmitted'] }, event)).toBe(
      true,
    );
    expect(matchesPattern({ source: ['design-club.events'], 'detail-type': ['A'] }, event)).toBe(false);
    expect(matchesPattern({ detail: { version: [3] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { version: ['3'] } }, event)).toBe(false);
  });
  it('an array field matches when one element does', () => {
    expect(matchesPattern({ detail: { tags: ['urgent'] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { tags: ['later'] } }, event)).toBe(false);
  });
  it('prefix and suffix, also ignoring case', () => {
    expect(matchesPattern({ 'detail-type': [{ prefix: 'Project' }] }, event)).toBe(true);
    expect(matchesPattern({ 'detail-type': [{ prefix: 'project' }] }, event)).toBe(false);
    expect(matchesPattern({ 'detail-type': [{ prefix: { 'equals-ignore-case': 'project' } }] }, event)).toBe(true);
    expect(matchesPattern({ detail: { file: [{ suffix: '.pdf' }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { file: [{ suffix: '.PNG' }] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { file: [{ suffix: { 'equals-ignore-case': '.PDF' } }] } }, event)).toBe(true);
  });
  it('anything-but: a value, a list, a prefix, a suffix, a wildcard', () => {
    expect(matchesPattern({ 'detail-type': [{ 'anything-but': 'ProjectSubmitted' }] }, event)).toBe(false);
    expect(matchesPattern({ 'detail-type': [{ 'anything-but': ['A', 'B'] }] }, event)).toBe(true);
    expect(matchesPattern({ 'detail-type': [{ 'anything-but': { prefix: 'Project' } }] }, event)).toBe(false);
    expect(matchesPattern({ 'detail-type': [{ 'anything-but': { suffix: 'Approved' } }] }, event)).toBe(true);
    expect(matchesPattern({ detail: { file: [{ 'anything-but': { wildcard: 'plans/*' } }] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { tags: [{ 'anything-but': 'urgent' }] } }, event)).toBe(false);
  });
  it('numeric ranges', () => {
    expect(matchesPattern({ detail: { size: [{ numeric: ['>', 10, '<=', 12.5] }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { size: [{ numeric: ['<', 12.5] }] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { version: [{ numeric: ['=', 3] }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { email: [{ numeric: ['>', 0] }] } }, event)).toBe(false);
  });
  it('exists: true and false, on leaves and absent objects', () => {
    expect(matchesPattern({ detail: { email: [{ exists: true }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { phone: [{ exists: true }] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { phone: [{ exists: false }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { email: [{ exists: false }] } }, event)).toBe(false);
    expect(matchesPattern({ extra: { field: [{ exists: false }] } }, event)).toBe(true);
  });
  it('equals-ignore-case', () => {
    expect(matchesPattern({ detail: { email: [{ 'equals-ignore-case': 'ana@example.COM' }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { email: [{ 'equals-ignore-case': 'bo@example.com' }] } }, event)).toBe(false);
  });
  it('wildcard', () => {
    expect(matchesPattern({ detail: { file: [{ wildcard: 'plans/*.pdf' }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { file: [{ wildcard: '*/v3*' }] } }, event)).toBe(false);
  });
  it('cidr', () => {
    expect(matchesPattern({ detail: { ip: [{ cidr: '10.0.0.0/16' }] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { ip: [{ cidr: '10.1.0.0/16' }] } }, event)).toBe(false);
  });
  it('$or: one of the alternatives', () => {
    expect(
      matchesPattern(
        { source: ['design-club.events'], $or: [{ 'detail-type': ['X'] }, { detail: { version: [3] } }] },
        event,
      ),
    ).toBe(true);
    expect(matchesPattern({ $or: [{ 'detail-type': ['X'] }, { detail: { version: [4] } }] }, event)).toBe(false);
  });
  it('refuses a malformed pattern rather than guessing', () => {
    expect(() => matchesPattern({ source: 'design-club.events' }, event)).toThrow(InvalidPatternError);
    expect(() => matchesPattern({ source: [{ nearly: 'x' }] }, event)).toThrow(InvalidPatternError);
  });
});
