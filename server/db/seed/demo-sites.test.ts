import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/reference/countries';
import { siteSettingsRecordSchema } from '../../../common/sites/site-settings';
import { LOCALIZED_SITE_SETTINGS } from '../../../common/sites/site-texts';
import { DEMO_SITES } from './demo-sites';

describe('demo sites', () => {
  it.each(DEMO_SITES.map((site) => [site.key, site] as const))('%s carries its texts translated into all 11 locales', (_key, site) => {
    siteSettingsRecordSchema.parse(site.settings);
    for (const key of LOCALIZED_SITE_SETTINGS) {
      const text = site.settings[key];
      expect(Object.keys(text).sort(), key).toEqual([...LOCALES].sort());
      // The sender name is a brand; every other text must really be translated.
      if (key === 'mail_name') continue;
      for (const locale of LOCALES) if (locale !== 'en') expect(text[locale], `${key}.${locale}`).not.toBe(text.en);
    }
  });
});
