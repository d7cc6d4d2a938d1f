import { describe, expect, it } from 'vitest';
import { ageOn } from './member-tile';

describe('ageOn', () => {
  it('counts a birthday only once it is reached', () => {
    expect(ageOn('2000-06-15', new Date('2026-06-14T23:00:00Z'))).toBe(25);
    expect(ageOn('2000-06-15', new Date('2026-06-15T00:00:00Z'))).toBe(26);
  });

  it('handles 29 February', () => {
    expect(ageOn('2004-02-29', new Date('2022-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2004-02-29', new Date('2022-03-01T12:00:00Z'))).toBe(18);
  });
});
