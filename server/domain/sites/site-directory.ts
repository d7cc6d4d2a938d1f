import type { Db } from '../../db/database';
import { listCompanies, listSites, type CompanyRow, type SiteRow } from './site-repository';

export interface Site {
  row: SiteRow;
  company: CompanyRow;
}

/**
 * All white-label sites, loaded once and held in memory: every request resolves its
 * site from the Host header, so this must not cost a query. `reload()` refreshes it
 * after an administrative change.
 */
export class SiteDirectory {
  private byHost = new Map<string, Site>();
  private all: Site[] = [];
  private fallback: Site | null = null;
  private reloadListeners: Array<() => void> = [];

  constructor(private readonly db: Db) {}

  async reload(): Promise<void> {
    const [siteRows, companyRows] = await Promise.all([listSites(this.db), listCompanies(this.db)]);
    const companiesById = new Map(companyRows.map((c) => [c.id, c]));
    const byHost = new Map<string, Site>();
    const all: Site[] = [];
    let fallback: Site | null = null;
    for (const row of siteRows) {
      const company = companiesById.get(row.companyId);
      if (!company) throw new Error(`Site ${row.key} refers to missing company ${row.companyId}`);
      const site = { row, company };
      all.push(site);
      for (const host of row.hosts) byHost.set(host.toLowerCase(), site);
      if (row.isDefault) fallback = site;
    }
    this.byHost = byHost;
    this.all = all;
    this.fallback = fallback ?? all[0] ?? null;
    for (const listener of this.reloadListeners) listener();
  }

  /** Runs `listener` after every reload (caches derived from sites clear themselves). */
  onReload(listener: () => void): void {
    this.reloadListeners.push(listener);
  }

  /** The site that owns this host name, if any. */
  findByHost(host: string): Site | undefined {
    return this.byHost.get(normalizeHost(host));
  }

  /**
   * The site for a request's Host header: the matching site, or the default site for
   * hosts no site claims (an IP address, a preview host) so the product always answers.
   */
  forRequestHost(host: string | undefined): Site {
    const site = (host && this.findByHost(host)) || this.fallback;
    if (!site) throw new Error('No sites configured');
    return site;
  }

  list(): readonly Site[] {
    return this.all;
  }

  /** The site with this id (a row that belongs to a site names it by id). */
  byId(siteId: number): Site | undefined {
    return this.all.find((s) => s.row.id === siteId);
  }

  /** The settings of the site with this id (a member belongs to one site). */
  settingsOf(siteId: number): SiteRow['settings'] {
    const site = this.byId(siteId);
    if (!site) throw new Error(`no site ${siteId}`);
    return site.row.settings;
  }
}

/** "Example.com:3000" -> "example.com"; IPv6 literals keep their brackets. */
export function normalizeHost(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}
