import { siteSettingsSchema } from '../../../common/sites/site-settings';
import { presentSettings } from './site-presenter';
import type { Site } from './site-directory';
import type { Visitor } from './visitor';

const MAX_ENTRIES = 2_000;

/**
 * settings.php is requested by every page load and depends only on the site, the
 * visitor's locale (the site texts) and two countries, so its JSON is built (and checked
 * against the schema, which also strips anything not meant for clients) once per
 * combination, not per request.
 */
export class SettingsCache {
  private entries = new Map<string, string>();

  constructor(private readonly pushPublicKey: string | null) {}

  json(site: Site, visitor: Pick<Visitor, 'geoipCountry' | 'selectedCountry' | 'locale'>): string {
    const key = `${site.row.id}:${visitor.locale}:${visitor.geoipCountry ?? ''}:${visitor.selectedCountry ?? ''}`;
    let json = this.entries.get(key);
    if (json === undefined) {
      json = JSON.stringify(siteSettingsSchema.parse(presentSettings(site, visitor, this.pushPublicKey)));
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, json);
    }
    return json;
  }

  /** Forget everything (after the sites were reloaded). */
  clear(): void {
    this.entries.clear();
  }
}
