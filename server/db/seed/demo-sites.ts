import type { CompanyAddress, SiteSettingsRecord } from '../../../common/sites/site-settings';

/**
 * The demo white-label sites and their companies, created on the first start of an
 * empty database. *.localhost host names resolve to the loopback address in browsers,
 * so every site can be opened locally (http://flirtdate.localhost:3000).
 */
export interface DemoCompany {
  key: string;
  name: string;
  address: CompanyAddress;
  kvk: string;
  tradenames: string[];
  vatNumbers: string[];
  supportPhone: string;
  deleteDiscount: number;
  added: string;
}

export interface DemoSite {
  key: string;
  hosts: string[];
  companyKey: string;
  isDefault: boolean;
  settings: SiteSettingsRecord;
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'rendezvous-media',
    name: 'Rendezvous Media B.V.',
    address: { street: 'Herengracht', houseNumber: '182', postalCode: '1016 BR', city: 'Amsterdam', country: 'NL' },
    kvk: '81234567',
    tradenames: ['Rendezvous', 'Flirtdate', 'MILF Match'],
    vatNumbers: ['NL862345678B01'],
    supportPhone: '+31 20-794 1130',
    deleteDiscount: 50,
    added: '2024-03-15T09:00:00Z',
  },
  {
    key: 'northern-lights',
    name: 'Northern Lights Digital Ltd',
    address: { street: 'Sir John Rogerson’s Quay', houseNumber: '77', postalCode: 'D02 T804', city: 'Dublin', country: 'IE' },
    kvk: 'IE 712345',
    tradenames: ['Rainbow Rendezvous'],
    vatNumbers: ['IE3712345LH'],
    supportPhone: '+353 1-555 0142',
    deleteDiscount: 30,
    added: '2022-06-01T12:00:00Z',
  },
];

const ALL_COUNTRIES = ['NL', 'BE', 'LU', 'DE', 'AT', 'CH', 'DK', 'SE', 'NO', 'FI', 'FR', 'IT', 'ES', 'PL', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ'];

const baseSettings = {
  visible_profile_fields: ['gender', 'sexuality', 'age', 'city', 'relationship_status', 'body_type', 'hair_colour', 'eye_colour', 'tattoos', 'interests', 'about'],
  visible_profile_notes: true,
  cdn_prefix: '',
  message_credits: 10,
  photo_credits: 15,
  gift_credits: 25,
  signup_credits: 20,
  free_messages: 3,
  message_length: 1000,
  minimum_message_costs: {
    NL: { costs: 0.39, currency: 'EUR' },
    BE: { costs: 0.39, currency: 'EUR' },
    DE: { costs: 0.49, currency: 'EUR' },
    AT: { costs: 0.49, currency: 'EUR' },
    CH: { costs: 0.49, currency: 'CHF' },
    DK: { costs: 3.5, currency: 'DKK' },
    SE: { costs: 5, currency: 'SEK' },
    NO: { costs: 5, currency: 'NOK' },
    PL: { costs: 1.99, currency: 'PLN' },
    GB: { costs: 0.39, currency: 'GBP' },
    US: { costs: 0.49, currency: 'USD' },
  },
  enable_site_entry_popup: 'yes',
  entry_popup_countries: ['NL', 'BE', 'LU', 'DE', 'AT', 'CH', 'DK', 'SE', 'NO', 'FI', 'FR', 'IT', 'ES', 'PL', 'GB', 'IE'],
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  fictional_icon: 'theater-masks',
  refund_days: 14,
  signups: 'all',
  logged_out_search: 'yes',
  logged_out_search_trafficsource: 'no',
  member_resell: 'no',
  min_age: 18,
} satisfies Partial<SiteSettingsRecord>;

export const DEMO_SITES: DemoSite[] = [
  {
    key: 'rendezvous',
    hosts: ['localhost', 'rendezvous.localhost'],
    companyKey: 'rendezvous-media',
    isDefault: true,
    settings: {
      ...baseSettings,
      name: 'Rendezvous',
      index_title: 'Rendezvous: meet, flirt and chat with singles near you',
      description: 'Rendezvous is the dating site for adults who know what they want. Sign up for free, browse real profiles and start chatting today.',
      countries: ALL_COUNTRIES,
      domain_language: 'multi',
      niche: 1,
      support_email: 'support@rendezvous.example',
      support_phone: '+31 20-794 1130',
      fictional_warning: 'Some profiles on this site are entertainment profiles run by our staff. You cannot meet them in person.',
      fictional_singular: 'entertainment profile',
      fictional_plural: 'entertainment profiles',
      mail_name: 'Rendezvous',
    },
  },
  {
    key: 'flirtdate',
    hosts: ['flirtdate.localhost'],
    companyKey: 'rendezvous-media',
    isDefault: false,
    settings: {
      ...baseSettings,
      name: 'Flirtdate',
      index_title: 'Flirtdate: flirten en daten met singles bij jou in de buurt',
      description: 'Flirtdate is de datingsite voor volwassenen in Nederland en België. Meld je gratis aan en begin vandaag nog met chatten.',
      countries: ['NL', 'BE'],
      domain_language: 'nl',
      niche: 2,
      support_email: 'support@flirtdate.example',
      support_phone: '+31 20-794 1131',
      fictional_warning: 'Sommige profielen op deze site zijn entertainmentprofielen van onze medewerkers. Je kunt hen niet ontmoeten.',
      fictional_singular: 'entertainmentprofiel',
      fictional_plural: 'entertainmentprofielen',
      mail_name: 'Flirtdate',
    },
  },
  {
    key: 'milfmatch',
    hosts: ['milfmatch.localhost'],
    companyKey: 'rendezvous-media',
    isDefault: false,
    settings: {
      ...baseSettings,
      name: 'MILF Match',
      index_title: 'MILF Match: reife Frauen, echte Begegnungen',
      description: 'MILF Match bringt reife Frauen und Männer in Deutschland, Österreich und der Schweiz zusammen. Kostenlos anmelden und losflirten.',
      countries: ['DE', 'AT', 'CH'],
      domain_language: 'de',
      niche: 6,
      support_email: 'support@milfmatch.example',
      support_phone: '+31 20-794 1132',
      fictional_warning: 'Einige Profile auf dieser Seite sind Unterhaltungsprofile unseres Teams. Ein persönliches Treffen ist mit ihnen nicht möglich.',
      fictional_singular: 'Unterhaltungsprofil',
      fictional_plural: 'Unterhaltungsprofile',
      mail_name: 'MILF Match',
      refund_days: 14,
    },
  },
  {
    key: 'rainbow',
    hosts: ['rainbow.localhost'],
    companyKey: 'northern-lights',
    isDefault: false,
    settings: {
      ...baseSettings,
      name: 'Rainbow Rendezvous',
      index_title: 'Rainbow Rendezvous: gay dating and chat',
      description: 'Rainbow Rendezvous is where gay and bi men meet, flirt and chat. Join free in under a minute.',
      countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
      domain_language: 'en',
      niche: 7,
      support_email: 'hello@rainbow.example',
      support_phone: '+353 1-555 0142',
      fictional_warning: 'Some profiles on this site are entertainment profiles run by our staff. You cannot meet them in person.',
      fictional_singular: 'entertainment profile',
      fictional_plural: 'entertainment profiles',
      mail_name: 'Rainbow Rendezvous',
      enable_site_entry_popup: 'no',
      refund_days: 30,
    },
  },
];
