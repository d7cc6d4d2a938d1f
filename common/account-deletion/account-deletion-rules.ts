/**
 * The delete-account rules both sides use, without zod (the browser imports this file;
 * the schemas in account-deletion-schema.ts stay on the server's side of the bundle).
 */

/** Why a member leaves (the delete-account form's short list; "other" goes with free text). */
export const DELETE_REASONS = ['found_partner', 'not_enough_contacts', 'too_expensive', 'privacy', 'taking_break', 'other'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

export const DELETE_REASON_TEXT_MAX = 500;
/** Reactivation mails one account may receive per 24 hours (the one sent at deletion included). */
export const REACTIVATION_EMAILS_PER_DAY = 3;

/** The page after deletion; with ?reactivate=<token> it is where the e-mailed link leads. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';
export const REACTIVATE_QUERY = 'reactivate';
export const reactivationPath = (token: string) => `${ACCOUNT_DELETED_PATH}?${REACTIVATE_QUERY}=${encodeURIComponent(token)}`;
/** The GDPR data export download. */
export const DATA_EXPORT_URL = '/api/export.php';
