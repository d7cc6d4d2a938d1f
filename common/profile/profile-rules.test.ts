import { describe, expect, it } from 'vitest';
import { offeredProfileFields, profileProblems } from './profile-rules';

const ctx = {
  email: 'me@example.test',
  minAge: 18,
  countries: ['NL', 'BE'],
  today: new Date('2026-06-01T00:00:00Z'),
  regionExists: (country: string, region: string) => country === 'BE' && region === 'VAN',
};

describe('profileProblems', () => {
  it('accepts a valid update', () => {
    expect(profileProblems({ name: 'Sunny', date_of_birth: '1990-01-01', country: 'BE', region: 'VAN', about: 'hi' }, { country: 'NL' }, ctx)).toEqual([]);
  });
  it('checks a region against the country the profile will have', () => {
    expect(profileProblems({ region: 'VAN' }, { country: 'NL' }, ctx)).toEqual([{ field: 'region', key: 'errors.region' }]);
    expect(profileProblems({ region: 'VAN' }, { country: 'BE' }, ctx)).toEqual([]);
  });
  it('uses the site minimum age', () => {
    expect(profileProblems({ date_of_birth: '2006-01-01' }, { country: 'NL' }, { ...ctx, minAge: 21 })).toEqual([
      { field: 'date_of_birth', key: 'errors.dateOfBirth', vars: { minAge: 21 } },
    ]);
  });
  it('refuses the e-mail address as name, case-insensitively', () => {
    expect(profileProblems({ name: 'ME@example.test' }, { country: 'NL' }, ctx)[0]?.key).toBe('errors.usernameIsEmail');
  });
});

describe('offeredProfileFields', () => {
  it('offers only what the site shows on profiles', () => {
    const offered = offeredProfileFields({ visible_profile_fields: ['gender', 'age', 'hair_colour', 'interests', 'about'], visible_profile_notes: true });
    expect([...offered].sort()).toEqual(['about', 'hair_colour', 'interests']);
  });
  it('hides the about-me text without visible_profile_notes', () => {
    const offered = offeredProfileFields({ visible_profile_fields: ['about', 'tattoos'], visible_profile_notes: false });
    expect([...offered]).toEqual(['tattoos']);
  });
});
