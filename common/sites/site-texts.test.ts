import { describe, expect, it } from 'vitest';
import { localizeSiteSettings, resolveSiteText, siteLocale } from './site-texts';

describe('site texts', () => {
  it("resolve to the visitor's locale, else the site's language, else English, else any", () => {
    const text = { de: 'Hallo', en: 'Hello', fr: 'Bonjour' };
    expect(resolveSiteText(text, 'fr', 'de')).toBe('Bonjour');
    expect(resolveSiteText(text, 'nl', 'de-AT')).toBe('Hallo');
    expect(resolveSiteText(text, 'nl', 'multi')).toBe('Hello');
    expect(resolveSiteText({ pl: 'Cześć' }, 'nl', 'multi')).toBe('Cześć');
  });

  it("take the site's locale from domain_language", () => {
    expect(siteLocale('de-AT')).toBe('de');
    expect(siteLocale('NL')).toBe('nl');
    expect(siteLocale('multi')).toBeNull();
  });

  it('resolve every localized setting and leave the others as they are', () => {
    const one = (de: string, en: string) => ({ de, en });
    const settings = {
      domain_language: 'de',
      refund_days: 14,
      index_title: one('Titel', 'Title'),
      description: one('Beschreibung', 'Description'),
      fictional_warning: { en: 'Warning' },
      fictional_singular: one('Profil', 'profile'),
      fictional_plural: one('Profile', 'profiles'),
      mail_name: one('Team', 'Team'),
    };
    expect(localizeSiteSettings(settings, 'fr')).toEqual({
      domain_language: 'de',
      refund_days: 14,
      index_title: 'Titel',
      description: 'Beschreibung',
      fictional_warning: 'Warning',
      fictional_singular: 'Profil',
      fictional_plural: 'Profile',
      mail_name: 'Team',
    });
  });
});
