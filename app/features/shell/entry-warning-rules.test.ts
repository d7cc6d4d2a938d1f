import { describe, expect, it } from 'vitest';
import { shouldShowEntryWarning, type EntryWarningInput } from './entry-warning-rules';

const base: EntryWarningInput = {
  loggedIn: false,
  installedApp: false,
  dismissedAt: null,
  enableSetting: 'yes',
  country: 'NL',
  allowedCountries: ['NL', 'DE', 'BE'],
  strictCountriesOnly: false,
};

describe('shouldShowEntryWarning', () => {
  it('shows to a logged-out visitor from an allowed country', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
  });

  it.each([
    ['logged in', { loggedIn: true }],
    ['in the installed app', { installedApp: true }],
    ['dismissed before', { dismissedAt: 1_700_000_000_000 }],
    ['disabled by the site', { enableSetting: 'no' as const }],
    ['from a country outside the list', { country: 'US' }],
    ['from an unknown country', { country: null }],
  ])('is skipped when %s', (_label, change) => {
    expect(shouldShowEntryWarning({ ...base, ...change })).toBe(false);
  });

  it('limits the chat, lander and empty layouts to NL and DE', () => {
    expect(shouldShowEntryWarning({ ...base, strictCountriesOnly: true, country: 'DE' })).toBe(true);
    expect(shouldShowEntryWarning({ ...base, strictCountriesOnly: true, country: 'BE' })).toBe(false);
  });
});
