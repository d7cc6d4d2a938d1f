import {
  addressMultiLine,
  addressShort,
  addressSingleLine,
  cleanPhone,
} from '../../../common/sites/company-rules';
import type { CompanyInfo, SiteSettings } from '../../../common/sites/site-settings';
import { localizeSiteSettings, resolveSiteText, type LocalizedSiteSetting } from '../../../common/sites/site-texts';
import type { Locale } from '../../../common/reference/countries';
import { countryName } from '../../../common/i18n/format';
import type { Site } from './site-directory';
import type { Visitor } from './visitor';

/** The settings a client sees: the site's stored settings, its texts in the visitor's locale, plus this request's facts. */
export function presentSettings(site: Site, visitor: Pick<Visitor, 'geoipCountry' | 'selectedCountry' | 'locale'>, pushPublicKey: string | null): SiteSettings {
  return {
    ...localizeSiteSettings(site.row.settings, visitor.locale),
    support_phone: cleanPhone(site.row.settings.support_phone),
    domain: site.row.hosts[0] ?? '',
    company_id: site.company.id,
    geoip_country: visitor.geoipCountry,
    geoip_selected_country: visitor.selectedCountry,
    push_public_key: pushPublicKey,
  };
}

export function presentCompany(site: Site, locale: Locale): CompanyInfo {
  const c = site.company;
  const country = countryName(locale, c.address.country);
  return {
    name: c.name,
    address: `${c.address.street} ${c.address.houseNumber}, ${c.address.postalCode}`,
    kvk: c.kvk,
    city: c.address.city,
    country: c.address.country,
    tradenames: c.tradenames,
    vat_numbers: c.vatNumbers,
    support_phone: cleanPhone(c.supportPhone),
    delete_discount: c.deleteDiscount,
    added: c.added.toISOString(),
    addresses: {
      single_line: addressSingleLine(c.address, country),
      multi_line: addressMultiLine(c.address, country),
      short: addressShort(c.address, country),
    },
  };
}

/** One of the site's texts (mail_name, fictional_plural...) in `locale`, with the site's fallbacks. */
export function siteText(site: Site, key: LocalizedSiteSetting, locale: Locale): string {
  return resolveSiteText(site.row.settings[key], locale, site.row.settings.domain_language);
}
