import type { FastifyRequest } from 'fastify';
import { localesForCountry, type Locale } from '../../../common/reference/countries';
import { LOCALE_COOKIE, resolveLocale } from '../../../common/i18n/locale-resolution';
import type { GeoIp } from '../geoip/geoip';
import type { Site, SiteDirectory } from './site-directory';

/** Cookie holding a country the visitor chose (e.g. from a country switch or `?country=`). */
export const SELECTED_COUNTRY_COOKIE = 'selected_country';
const COUNTRY_RE = /^[A-Z]{2}$/;

export interface Visitor {
  site: Site;
  /** Country of the client IP (geoip_country). */
  geoipCountry: string | null;
  /** Country chosen by the visitor; overrides the detected one (geoip_selected_country). */
  selectedCountry: string | null;
  /** The country the product acts on: selected, else detected. */
  country: string | null;
  locale: Locale;
  /** True when the locale came from the domain-language rule and must be stored in the cookie. */
  storeLocale: boolean;
  visibleLocales: readonly Locale[];
}

export interface VisitorDeps {
  sites: SiteDirectory;
  geoip: GeoIp;
}

export function parseCountry(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const upper = value.toUpperCase();
  return COUNTRY_RE.test(upper) ? upper : null;
}

export function resolveVisitor(request: FastifyRequest, deps: VisitorDeps, site?: Site): Visitor {
  const resolvedSite = site ?? deps.sites.forRequestHost(request.headers.host);
  const query = request.query as Record<string, unknown> | undefined;
  const geoipCountry = deps.geoip.country(request.ip);
  const selectedCountry = parseCountry(query?.country) ?? parseCountry(request.cookies[SELECTED_COUNTRY_COOKIE]);
  const country = selectedCountry ?? geoipCountry;
  const decision = resolveLocale({
    cookie: request.cookies[LOCALE_COOKIE],
    domainLanguage: resolvedSite.row.settings.domain_language,
    acceptLanguage: request.headers['accept-language'],
    country,
  });
  return {
    site: resolvedSite,
    geoipCountry,
    selectedCountry,
    country,
    locale: decision.locale,
    storeLocale: decision.store,
    visibleLocales: localesForCountry(country),
  };
}
