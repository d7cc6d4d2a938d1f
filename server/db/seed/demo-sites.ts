import type { CompanyAddress, SiteSettingsRecord } from '../../../common/sites/site-settings';
import { LOCALES, type Locale } from '../../../common/reference/countries';
import type { LocalizedSiteSetting } from '../../../common/sites/site-texts';

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
  /** Every text visitors read is given in all 11 locales. */
  settings: SiteSettingsRecord & Record<LocalizedSiteSetting, AllLocales>;
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

/** A text in all 11 locales. */
type AllLocales = Record<Locale, string>;

/** A brand name, written the same in every locale. */
function everywhere(text: string): AllLocales {
  return Object.fromEntries(LOCALES.map((locale) => [locale, text])) as AllLocales;
}

/** The fictional-profile texts every demo site shows (warning, label, label in the plural). */
const FICTIONAL = {
  fictional_warning: {
    da: 'Nogle profiler på denne side er underholdningsprofiler, som drives af vores medarbejdere. Du kan ikke møde dem i virkeligheden.',
    de: 'Einige Profile auf dieser Seite sind Unterhaltungsprofile unseres Teams. Ein persönliches Treffen ist mit ihnen nicht möglich.',
    en: 'Some profiles on this site are entertainment profiles run by our staff. You cannot meet them in person.',
    es: 'Algunos perfiles de este sitio son perfiles de entretenimiento gestionados por nuestro equipo. No es posible conocerlos en persona.',
    fi: 'Osa tämän sivuston profiileista on henkilökuntamme ylläpitämiä viihdeprofiileja. Heitä ei voi tavata henkilökohtaisesti.',
    fr: 'Certains profils de ce site sont des profils de divertissement gérés par notre équipe. Vous ne pouvez pas les rencontrer en personne.',
    it: 'Alcuni profili di questo sito sono profili di intrattenimento gestiti dal nostro staff. Non è possibile incontrarli di persona.',
    nb: 'Noen profiler på dette nettstedet er underholdningsprofiler som drives av våre ansatte. Du kan ikke møte dem i virkeligheten.',
    nl: 'Sommige profielen op deze site zijn entertainmentprofielen van onze medewerkers. Je kunt hen niet ontmoeten.',
    pl: 'Niektóre profile na tej stronie to profile rozrywkowe prowadzone przez nasz zespół. Nie można spotkać się z nimi osobiście.',
    sv: 'Vissa profiler på den här webbplatsen är underhållningsprofiler som drivs av vår personal. Du kan inte träffa dem i verkligheten.',
  },
  fictional_singular: {
    da: 'underholdningsprofil',
    de: 'Unterhaltungsprofil',
    en: 'entertainment profile',
    es: 'perfil de entretenimiento',
    fi: 'viihdeprofiili',
    fr: 'profil de divertissement',
    it: 'profilo di intrattenimento',
    nb: 'underholdningsprofil',
    nl: 'entertainmentprofiel',
    pl: 'profil rozrywkowy',
    sv: 'underhållningsprofil',
  },
  fictional_plural: {
    da: 'underholdningsprofiler',
    de: 'Unterhaltungsprofile',
    en: 'entertainment profiles',
    es: 'perfiles de entretenimiento',
    fi: 'viihdeprofiilit',
    fr: 'profils de divertissement',
    it: 'profili di intrattenimento',
    nb: 'underholdningsprofiler',
    nl: 'entertainmentprofielen',
    pl: 'profile rozrywkowe',
    sv: 'underhållningsprofiler',
  },
} satisfies Partial<Record<keyof SiteSettingsRecord, AllLocales>>;

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
  direct_debit_max_amount: 15_000,
  direct_debit_max_payments: 3,
  direct_debit_period_days: 30,
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
      index_title: {
        da: 'Rendezvous: mød, flirt og chat med singler i nærheden',
        de: 'Rendezvous: Singles in deiner Nähe treffen, flirten und chatten',
        en: 'Rendezvous: meet, flirt and chat with singles near you',
        es: 'Rendezvous: conoce, liga y chatea con solteros cerca de ti',
        fi: 'Rendezvous: tapaa sinkkuja läheltäsi, flirttaile ja chattaile',
        fr: 'Rendezvous : rencontrez des célibataires près de chez vous, flirtez et discutez',
        it: 'Rendezvous: incontra, flirta e chatta con single vicino a te',
        nb: 'Rendezvous: møt, flørt og chat med singler i nærheten',
        nl: 'Rendezvous: ontmoet, flirt en chat met singles bij jou in de buurt',
        pl: 'Rendezvous: poznawaj, flirtuj i czatuj z singlami w okolicy',
        sv: 'Rendezvous: träffa, flirta och chatta med singlar nära dig',
      },
      description: {
        da: 'Rendezvous er datingsiden for voksne, der ved, hvad de vil have. Tilmeld dig gratis, se rigtige profiler og begynd at chatte i dag.',
        de: 'Rendezvous ist die Dating-Seite für Erwachsene, die wissen, was sie wollen. Melde dich kostenlos an, entdecke echte Profile und chatte noch heute los.',
        en: 'Rendezvous is the dating site for adults who know what they want. Sign up for free, browse real profiles and start chatting today.',
        es: 'Rendezvous es el sitio de citas para adultos que saben lo que quieren. Regístrate gratis, explora perfiles reales y empieza a chatear hoy mismo.',
        fi: 'Rendezvous on deittisivusto aikuisille, jotka tietävät mitä haluavat. Rekisteröidy ilmaiseksi, selaa oikeita profiileja ja aloita chattailu jo tänään.',
        fr: 'Rendezvous est le site de rencontres pour les adultes qui savent ce qu’ils veulent. Inscrivez-vous gratuitement, parcourez de vrais profils et commencez à discuter dès aujourd’hui.',
        it: 'Rendezvous è il sito di incontri per adulti che sanno cosa vogliono. Iscriviti gratis, sfoglia profili reali e inizia a chattare oggi stesso.',
        nb: 'Rendezvous er datingsiden for voksne som vet hva de vil ha. Registrer deg gratis, se ekte profiler og begynn å chatte i dag.',
        nl: 'Rendezvous is de datingsite voor volwassenen die weten wat ze willen. Meld je gratis aan, bekijk echte profielen en begin vandaag nog met chatten.',
        pl: 'Rendezvous to serwis randkowy dla dorosłych, którzy wiedzą, czego chcą. Zarejestruj się za darmo, przeglądaj prawdziwe profile i zacznij czatować już dziś.',
        sv: 'Rendezvous är dejtingsajten för vuxna som vet vad de vill ha. Registrera dig gratis, bläddra bland riktiga profiler och börja chatta i dag.',
      },
      countries: ALL_COUNTRIES,
      domain_language: 'multi',
      niche: 1,
      support_email: 'support@rendezvous.example',
      support_phone: '+31 20-794 1130',
      ...FICTIONAL,
      mail_name: everywhere('Rendezvous'),
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
      index_title: {
        da: 'Flirtdate: flirt og date med singler i nærheden',
        de: 'Flirtdate: flirten und daten mit Singles in deiner Nähe',
        en: 'Flirtdate: flirt and date with singles near you',
        es: 'Flirtdate: liga y sal con solteros cerca de ti',
        fi: 'Flirtdate: flirttaile ja deittaile sinkkujen kanssa läheltäsi',
        fr: 'Flirtdate : flirtez et sortez avec des célibataires près de chez vous',
        it: 'Flirtdate: flirta ed esci con single vicino a te',
        nb: 'Flirtdate: flørt og date med singler i nærheten',
        nl: 'Flirtdate: flirten en daten met singles bij jou in de buurt',
        pl: 'Flirtdate: flirtuj i umawiaj się z singlami w okolicy',
        sv: 'Flirtdate: flirta och dejta singlar nära dig',
      },
      description: {
        da: 'Flirtdate er datingsiden for voksne i Nederlandene og Belgien. Tilmeld dig gratis, og begynd at chatte i dag.',
        de: 'Flirtdate ist die Dating-Seite für Erwachsene in den Niederlanden und Belgien. Melde dich kostenlos an und chatte noch heute los.',
        en: 'Flirtdate is the dating site for adults in the Netherlands and Belgium. Sign up for free and start chatting today.',
        es: 'Flirtdate es el sitio de citas para adultos en los Países Bajos y Bélgica. Regístrate gratis y empieza a chatear hoy mismo.',
        fi: 'Flirtdate on deittisivusto aikuisille Alankomaissa ja Belgiassa. Rekisteröidy ilmaiseksi ja aloita chattailu jo tänään.',
        fr: 'Flirtdate est le site de rencontres pour adultes aux Pays-Bas et en Belgique. Inscrivez-vous gratuitement et commencez à discuter dès aujourd’hui.',
        it: 'Flirtdate è il sito di incontri per adulti nei Paesi Bassi e in Belgio. Iscriviti gratis e inizia a chattare oggi stesso.',
        nb: 'Flirtdate er datingsiden for voksne i Nederland og Belgia. Registrer deg gratis og begynn å chatte i dag.',
        nl: 'Flirtdate is de datingsite voor volwassenen in Nederland en België. Meld je gratis aan en begin vandaag nog met chatten.',
        pl: 'Flirtdate to serwis randkowy dla dorosłych w Holandii i Belgii. Zarejestruj się za darmo i zacznij czatować już dziś.',
        sv: 'Flirtdate är dejtingsajten för vuxna i Nederländerna och Belgien. Registrera dig gratis och börja chatta i dag.',
      },
      countries: ['NL', 'BE'],
      domain_language: 'nl',
      niche: 2,
      support_email: 'support@flirtdate.example',
      support_phone: '+31 20-794 1131',
      ...FICTIONAL,
      mail_name: everywhere('Flirtdate'),
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
      index_title: {
        da: 'MILF Match: modne kvinder, ægte møder',
        de: 'MILF Match: reife Frauen, echte Begegnungen',
        en: 'MILF Match: mature women, real encounters',
        es: 'MILF Match: mujeres maduras, encuentros reales',
        fi: 'MILF Match: kypsiä naisia, aitoja kohtaamisia',
        fr: 'MILF Match : des femmes mûres, de vraies rencontres',
        it: 'MILF Match: donne mature, incontri veri',
        nb: 'MILF Match: modne kvinner, ekte møter',
        nl: 'MILF Match: rijpe vrouwen, echte ontmoetingen',
        pl: 'MILF Match: dojrzałe kobiety, prawdziwe spotkania',
        sv: 'MILF Match: mogna kvinnor, äkta möten',
      },
      description: {
        da: 'MILF Match bringer modne kvinder og mænd sammen i Tyskland, Østrig og Schweiz. Tilmeld dig gratis, og begynd at flirte.',
        de: 'MILF Match bringt reife Frauen und Männer in Deutschland, Österreich und der Schweiz zusammen. Kostenlos anmelden und losflirten.',
        en: 'MILF Match brings mature women and men together in Germany, Austria and Switzerland. Sign up for free and start flirting.',
        es: 'MILF Match une a mujeres maduras y hombres en Alemania, Austria y Suiza. Regístrate gratis y empieza a ligar.',
        fi: 'MILF Match tuo yhteen kypsät naiset ja miehet Saksassa, Itävallassa ja Sveitsissä. Rekisteröidy ilmaiseksi ja aloita flirttailu.',
        fr: 'MILF Match réunit femmes mûres et hommes en Allemagne, en Autriche et en Suisse. Inscrivez-vous gratuitement et commencez à flirter.',
        it: 'MILF Match fa incontrare donne mature e uomini in Germania, Austria e Svizzera. Iscriviti gratis e inizia a flirtare.',
        nb: 'MILF Match bringer modne kvinner og menn sammen i Tyskland, Østerrike og Sveits. Registrer deg gratis og begynn å flørte.',
        nl: 'MILF Match brengt rijpe vrouwen en mannen samen in Duitsland, Oostenrijk en Zwitserland. Meld je gratis aan en begin met flirten.',
        pl: 'MILF Match łączy dojrzałe kobiety i mężczyzn w Niemczech, Austrii i Szwajcarii. Zarejestruj się za darmo i zacznij flirtować.',
        sv: 'MILF Match för samman mogna kvinnor och män i Tyskland, Österrike och Schweiz. Registrera dig gratis och börja flirta.',
      },
      countries: ['DE', 'AT', 'CH'],
      domain_language: 'de',
      niche: 6,
      support_email: 'support@milfmatch.example',
      support_phone: '+31 20-794 1132',
      ...FICTIONAL,
      mail_name: everywhere('MILF Match'),
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
      index_title: {
        da: 'Rainbow Rendezvous: homodating og chat',
        de: 'Rainbow Rendezvous: Gay-Dating und Chat',
        en: 'Rainbow Rendezvous: gay dating and chat',
        es: 'Rainbow Rendezvous: citas y chat gay',
        fi: 'Rainbow Rendezvous: homodeittailua ja chattia',
        fr: 'Rainbow Rendezvous : rencontres et chat gay',
        it: 'Rainbow Rendezvous: incontri e chat gay',
        nb: 'Rainbow Rendezvous: homodating og chat',
        nl: 'Rainbow Rendezvous: gay daten en chatten',
        pl: 'Rainbow Rendezvous: randki i czat gejowski',
        sv: 'Rainbow Rendezvous: gaydejting och chatt',
      },
      description: {
        da: 'På Rainbow Rendezvous mødes homo- og biseksuelle mænd for at flirte og chatte. Tilmeld dig gratis på under et minut.',
        de: 'Bei Rainbow Rendezvous treffen sich schwule und bisexuelle Männer zum Flirten und Chatten. In weniger als einer Minute kostenlos dabei.',
        en: 'Rainbow Rendezvous is where gay and bi men meet, flirt and chat. Join free in under a minute.',
        es: 'En Rainbow Rendezvous los hombres gais y bisexuales se conocen, ligan y chatean. Únete gratis en menos de un minuto.',
        fi: 'Rainbow Rendezvousissa homo- ja biseksuaaliset miehet tapaavat, flirttailevat ja chattailevat. Liity ilmaiseksi alle minuutissa.',
        fr: 'Sur Rainbow Rendezvous, les hommes gays et bis se rencontrent, flirtent et discutent. Inscription gratuite en moins d’une minute.',
        it: 'Su Rainbow Rendezvous uomini gay e bisessuali si incontrano, flirtano e chattano. Iscriviti gratis in meno di un minuto.',
        nb: 'På Rainbow Rendezvous møtes homofile og bifile menn for å flørte og chatte. Bli med gratis på under ett minutt.',
        nl: 'Op Rainbow Rendezvous ontmoeten homo- en biseksuele mannen elkaar om te flirten en te chatten. Gratis lid in minder dan een minuut.',
        pl: 'Na Rainbow Rendezvous geje i biseksualni mężczyźni poznają się, flirtują i czatują. Dołącz za darmo w niecałą minutę.',
        sv: 'På Rainbow Rendezvous träffas gay- och bisexuella män för att flirta och chatta. Gå med gratis på under en minut.',
      },
      countries: ['GB', 'IE', 'US', 'CA', 'AU', 'NZ'],
      domain_language: 'en',
      niche: 7,
      support_email: 'hello@rainbow.example',
      support_phone: '+353 1-555 0142',
      ...FICTIONAL,
      mail_name: everywhere('Rainbow Rendezvous'),
      enable_site_entry_popup: 'no',
      refund_days: 30,
    },
  },
];
