import type { Locale } from '../../common/reference/countries';
import type { Site } from '../domain/sites/site-directory';
import { siteText } from '../domain/sites/site-presenter';

/** Every mail's From: the site's mail_name in the mail's language, at its support address. */
export function mailSender(site: Site, locale: Locale): string {
  return `${siteText(site, 'mail_name', locale)} <${site.row.settings.support_email}>`;
}
