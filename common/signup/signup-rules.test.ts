import { describe, expect, it } from 'vitest';
import { editDistance, suggestEmail } from './email-suggestion';
import { ageOn } from '../members/member-tile';
import { dateOfBirthProblems, emailProblems, isCalendarDate, nameProblems, signupProblems } from './signup-rules';

describe('suggestEmail', () => {
  it.each([
    ['anna@gmial.com', 'anna@gmail.com'],
    ['anna@gmail.con', 'anna@gmail.com'],
    ['jan@hotmial.nl', 'jan@hotmail.nl'],
    ['k@outlok.de', 'k@outlook.de'],
    ['max@web.de.', 'max@web.de'],
    ['someone@example.cmo', 'someone@example.com'],
    ['anna@gmail.com', null],
    ['anna@mycompany.nl', null],
    ['no-at-sign', null],
    ['anna@gmial', 'anna@gmail.com'],
    ['anna@hotmail', 'anna@hotmail.com'],
  ])('%s -> %s', (input, expected) => {
    expect(suggestEmail(input)).toBe(expected);
  });

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'ab')).toBe(2);
  });
});

describe('signup rules', () => {
  const today = new Date(Date.UTC(2026, 10, 22));

  it('computes completed years and refuses impossible dates', () => {
    expect(ageOn('2008-11-22', today)).toBe(18);
    expect(ageOn('2008-11-23', today)).toBe(17);
    expect(isCalendarDate('2001-02-29')).toBe(false);
    expect(ageOn('2000-02-29', today)).toBe(26);
    expect(isCalendarDate('22-11-2000')).toBe(false);
  });

  it('applies the site minimum age', () => {
    expect(dateOfBirthProblems('2008-11-22', 18, today)).toEqual([]);
    expect(dateOfBirthProblems('2008-11-23', 18, today)).toEqual([{ field: 'date_of_birth', key: 'errors.dateOfBirth', vars: { minAge: 18 } }]);
    expect(dateOfBirthProblems('2006-01-01', 21, today)[0]?.vars).toEqual({ minAge: 21 });
  });

  it('checks the username against the e-mail address and a leading @', () => {
    expect(nameProblems('@anna', 'a@b.nl')[0]?.key).toBe('errors.usernameAt');
    expect(nameProblems(' Anna@Example.com ', 'anna@example.com')[0]?.key).toBe('errors.usernameIsEmail');
    expect(nameProblems('Al', 'a@b.nl')[0]?.key).toBe('errors.usernameLength');
    expect(nameProblems('Anna', 'anna@example.com')).toEqual([]);
  });

  it('offers the suggestion with an invalid address', () => {
    expect(emailProblems('anna@gmial')).toEqual([{ field: 'email', key: 'errors.invalidEmail', vars: { suggestion: 'anna@gmail.com' } }]);
    expect(emailProblems('anna@nowhere')).toEqual([{ field: 'email', key: 'errors.invalidEmail' }]);
    expect(emailProblems('anna@gmail.c')[0]?.key).toBe('errors.invalidEmail');
    expect(emailProblems('anna example.com')[0]?.key).toBe('errors.invalidEmail');
    expect(emailProblems('anna@example.com')).toEqual([]);
  });

  it('reports every broken rule of the account step', () => {
    const problems = signupProblems({ email: 'x', name: '@x', password: '1', date_of_birth: '' }, 18, today);
    expect(problems.map((p) => p.field)).toEqual(['email', 'name', 'date_of_birth', 'password']);
  });
});
