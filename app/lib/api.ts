import { createApiClient } from './api-client';
import { apiSession } from './api-session';
import { progress } from './progress';

/**
 * The browser's one configured API client: the progress bar, the logout of spec section 8
 * when a logged-in member's session is gone (the page reloads as a visitor), and fallback
 * messages in the page's language, read when an error happens (the translator may arrive
 * after this module loads).
 */
export const api = createApiClient({
  progress,
  isLoggedIn: () => apiSession.loggedIn === true,
  onAuthRequired: () => window.location.reload(),
  messages: () => {
    const t = apiSession.t;
    return t && { network: t('errors.generic'), unknown: t('errors.unknown') };
  },
});
