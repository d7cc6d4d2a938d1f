import { termsVersionDate, cleanPhone } from '../../../common/sites/company-rules';
import { countryName, formatDate } from '../../../common/i18n/format';
import type { CompanyInfo, SiteSettings } from '../../../common/sites/site-settings';
import type { Locale } from '../../../common/reference/countries';

/** The values the legal texts are filled with, from the site's settings and its company. */
export function staticPageVariables(settings: SiteSettings, company: CompanyInfo, locale: Locale): Record<string, string | number> {
  return {
    siteName: settings.name,
    domain: settings.domain,
    companyName: company.name,
    companyAddress: company.addresses.single_line,
    companyCountry: countryName(locale, company.country),
    kvk: company.kvk,
    vatNumbers: company.vat_numbers.join(', '),
    tradenames: company.tradenames.join(', '),
    supportEmail: settings.support_email,
    supportPhone: cleanPhone(settings.support_phone),
    refundDays: settings.refund_days,
    termsDate: formatDate(locale, termsVersionDate(company.added)),
    minAge: settings.min_age,
    fictionalPlural: settings.fictional_plural,
  };
}
