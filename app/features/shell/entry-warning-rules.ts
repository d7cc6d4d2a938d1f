/** Layouts other than the default show the entry warning only to visitors from these countries. */
export const ENTRY_WARNING_STRICT_COUNTRIES = ['NL', 'DE'] as const;

export interface EntryWarningInput {
  loggedIn: boolean;
  installedApp: boolean;
  dismissedAt: number | null;
  enableSetting: 'yes' | 'no';
  country: string | null;
  allowedCountries: readonly string[];
  /** Chat, lander and empty layouts: NL and DE only. */
  strictCountriesOnly: boolean;
}

/**
 * Spec section 2: shown to logged-out visitors outside an installed app; skipped once
 * dismissed, when enable_site_entry_popup is 'no', or when the visitor's country is not
 * in the allowed list.
 */
export function shouldShowEntryWarning(i: EntryWarningInput): boolean {
  if (i.loggedIn || i.installedApp || i.dismissedAt !== null || i.enableSetting === 'no') return false;
  if (!i.country || !i.allowedCountries.includes(i.country)) return false;
  if (i.strictCountriesOnly && !(ENTRY_WARNING_STRICT_COUNTRIES as readonly string[]).includes(i.country)) return false;
  return true;
}
