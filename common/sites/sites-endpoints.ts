import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { companyInfoSchema, siteSettingsSchema } from './site-settings';

const hostPattern = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

export const settingsQuerySchema = z
  .object({
    /** The host the caller serves (a server-side renderer forces the incoming request's host). */
    host: z.string().regex(hostPattern).optional(),
    /** A country the visitor chose, reported back as geoip_selected_country. */
    country: z.string().regex(/^[A-Za-z]{2}$/).optional(),
  })
  // The client passes its whole request query through (spec 7); unknown keys are ignored.
  .catchall(z.union([z.string().max(2048), z.array(z.string().max(2048)).max(20)]));

/** The site and the company behind it (spec sections 3, 7). Pages get both with the root loader's data. */
export const sitesEndpoints = {
  settings: endpoint({ method: 'GET', path: '/api/settings.php', query: settingsQuerySchema, response: siteSettingsSchema }),
  companyInfo: endpoint({ method: 'GET', path: '/api/companyinfo.php', response: companyInfoSchema }),
};
