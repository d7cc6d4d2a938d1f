/**
 * Business constants and limits of spec section 9, each written once. The browser,
 * the API and the tests import them from here.
 */
export const REQUEST_RETRIES = 5;
/** First retry delay; doubles on every further attempt. */
export const REQUEST_RETRY_BASE_MS = 300;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const PROGRESS_HIDE_AFTER_MS = 500;
export const COUNTDOWN_TICK_MS = 1_000;
export const REFRESH_INTERVAL_MS = 60_000;
export const REFRESH_INTERVAL_PUSH_MS = 300_000;
export const REFRESH_FIRST_AFTER_MS = 5_000;
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const AUTO_LIKE_RELOAD_MS = 500;
export const TIME_BONUS_WINDOW_S = 14_400;
export const WELCOME_DISCOUNT_PERCENT = 25;
/** The time bonus's code (spec 9) and the hours its modal's 'act fast' text names. */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_MODAL_HOURS = 4;
/**
 * The welcome discount's code and how long it runs ('Act Fast', in hours): from the end of the
 * member's time bonus (signup + TIME_BONUS_WINDOW_S), by the server's clock.
 */
export const WELCOME_CODE = 'WELCOME25';
export const WELCOME_OFFER_HOURS = 48;
/** How often the payment result page asks whether a pending payment settled (spec 4: 'processing'). */
export const PAYMENT_POLL_MS = 2_000;
/** The result page stops asking after this long (the member can reload; the webhook still credits). */
export const PAYMENT_POLL_MAX_MS = 15 * 60 * 1000;
export const PHOTO_LIMIT_FREE = 3;
export const PHOTO_LIMIT_PREMIUM = 25;
export const FREE_CONVERSATIONS = 2;
export const SWIPE_LIKES_PER_DAY = 4;
export const REACTIVATION_DAYS = 14;
export const UNREAD_BADGE_CAP = 99;
export const CREDITS_BADGE_THRESHOLD = 10;
export const GEOLOCATION_MAX_AGE_MS = 60 * 60 * 1000;
export const PUSH_SERVICE_WORKER_VERSION = 2;
export const AUTH_COOKIE_PREFIX = 'auth.';
export const AUTH_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const DESIGN_VERSION = 1;
/**
 * Failed logins for one account from one client address before that address is blocked for
 * the account (spec section 8's five), within the window, and for how long. Counted per pair,
 * so a stranger's guessing does not lock the owner out of their own device.
 */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Failed logins for one account from all addresses together before it is blocked everywhere (guessing from many addresses). */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;
/** Failed logins from one client address (any accounts) before it is blocked. */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_BLOCK_MINUTES = 15;
export const AUTH_SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}session`;
/** Reset e-mails one account may receive per 24 hours. */
export const PASSWORD_RESET_EMAILS_PER_DAY = 3;
export const PASSWORD_RESET_LINK_MINUTES = 60;
export const PASSWORD_MIN_LENGTH = 8;

/**
 * Lookups of one e-mail address per site and day, per door that answers whether it has an
 * account (password reset: 'E-mail address not found'; signup and the signup address
 * correction: 'An account with this e-mail address already exists'), from any client address.
 */
export const EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY = 10;
/** Activation mails one address may receive per site and day, whichever accounts asked for them. */
export const ACTIVATION_MAILS_PER_ADDRESS_PER_DAY = 5;
