import { z } from 'zod';
import { localizedTextSchema } from './site-texts';

/** Site niches 1-7 (spec section 1) and the landing-page slug prefix of each. */
export const NICHE_SLUG_PREFIXES = {
  1: '',
  2: 'she-',
  3: 'bdsm-',
  4: 'bbw-',
  5: 'gilf-',
  6: 'milf-',
  7: 'gay-',
} as const satisfies Record<number, string>;
export type Niche = keyof typeof NICHE_SLUG_PREFIXES;

export function landerSlugPrefix(niche: Niche): string {
  return NICHE_SLUG_PREFIXES[niche];
}

const countryCode = z.string().regex(/^[A-Z]{2}$/);
const yesNo = z.enum(['yes', 'no']);

export const minimumMessageCostSchema = z.object({
  costs: z.number().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

/** What is stored per site (the sites.settings column); the texts visitors read are per locale (site-texts.ts). */
export const siteSettingsRecordSchema = z.object({
  name: z.string().min(1),
  index_title: localizedTextSchema(z.string().min(1)),
  description: localizedTextSchema(z.string().min(1)),
  countries: z.array(countryCode).min(1),
  domain_language: z.string().min(2),
  niche: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)]),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  cdn_prefix: z.string(),
  message_credits: z.number().int().nonnegative(),
  photo_credits: z.number().int().nonnegative(),
  gift_credits: z.number().int().nonnegative(),
  signup_credits: z.number().int().nonnegative(),
  free_messages: z.number().int().nonnegative(),
  message_length: z.number().int().positive(),
  minimum_message_costs: z.record(countryCode, minimumMessageCostSchema),
  support_email: z.email(),
  support_phone: z.string().min(3),
  enable_site_entry_popup: yesNo,
  /** Countries whose visitors see the site-entry warning. */
  entry_popup_countries: z.array(countryCode),
  search_fields: z.array(z.string()),
  fictional_warning: localizedTextSchema(z.string()),
  fictional_singular: localizedTextSchema(z.string()),
  fictional_plural: localizedTextSchema(z.string()),
  fictional_icon: z.string(),
  refund_days: z.number().int().nonnegative(),
  signups: z.string(),
  logged_out_search: yesNo,
  logged_out_search_trafficsource: yesNo,
  member_resell: yesNo,
  mail_name: localizedTextSchema(z.string().min(1)),
  min_age: z.number().int().min(18),
  /**
   * Direct debit per member, IBAN and mobile number and period (spec 8, 'Your limit for direct debit payments has been
   * reached'): at most this amount (minor units of EUR) and this many payments in any
   * `direct_debit_period_days` days. Optional: sites stored before have the defaults of
   * common/direct-debit/direct-debit-rules.ts.
   */
  direct_debit_max_amount: z.number().int().nonnegative().optional(),
  direct_debit_max_payments: z.number().int().nonnegative().optional(),
  direct_debit_period_days: z.number().int().positive().optional(),
  /** Direct-debit SMS codes the whole site may send per hour (each costs money; SMS pumping). Optional: the default of direct-debit-rules.ts. */
  direct_debit_sms_per_hour: z.number().int().nonnegative().optional(),
});
export type SiteSettingsRecord = z.infer<typeof siteSettingsRecordSchema>;

/** The response of GET /api/settings.php: the stored settings, texts in the visitor's locale, plus per-request facts. */
export const siteSettingsSchema = siteSettingsRecordSchema.extend({
  index_title: z.string().min(1),
  description: z.string().min(1),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  mail_name: z.string().min(1),
  domain: z.string(),
  company_id: z.number().int(),
  geoip_country: countryCode.nullable(),
  geoip_selected_country: countryCode.nullable(),
  push_public_key: z.string().nullable(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const companyAddressSchema = z.object({
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: countryCode,
});
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: countryCode,
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int(),
  added: z.string(),
  /** The three address variants: one line, several lines, and the short "city, country". */
  addresses: z.object({
    single_line: z.string(),
    multi_line: z.array(z.string()),
    short: z.string(),
  }),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
