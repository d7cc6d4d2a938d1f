import { describe, expect, it } from 'vitest';
import { OPTIONAL_PROFILE_FIELDS, offeredProfileFields } from '../../../common/profile/profile-rules';
import { DEMO_SITES } from '../../db/seed/demo-sites';

describe('what the /profile form offers per site', () => {
  it.each(DEMO_SITES.map((s) => [s.key, s] as const))('%s: only fields the site shows on profiles', (_key, site) => {
    const offered = offeredProfileFields(site.settings);
    for (const field of offered) expect(site.settings.visible_profile_fields).toContain(field);
    for (const field of OPTIONAL_PROFILE_FIELDS) {
      const shown = site.settings.visible_profile_fields.includes(field) && (field !== 'about' || site.settings.visible_profile_notes);
      expect(offered.has(field)).toBe(shown);
    }
  });

  it('a site that shows no optional fields gets the basics only', () => {
    expect(offeredProfileFields({ visible_profile_fields: ['gender', 'age', 'city'], visible_profile_notes: true }).size).toBe(0);
  });
});
