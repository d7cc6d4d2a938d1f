/** The translation namespace of this feature; pages that show it send `context.translations(ACCOUNT_NS)` as `bundle`. */
export const ACCOUNT_NS = 'account';
