/**
 * What the shared API client needs to know of the page, set by the root route: whether a
 * member is logged in (a 403 'authentication required' then logs out, spec section 8) and
 * the translator for fallback error messages. Kept apart from the client so the root chunk
 * (every page, the visitor home page's JavaScript budget) carries only this.
 */
export const apiSession: { loggedIn?: boolean; t?: (key: string) => string } = {};

export function setApiSession(loggedIn: boolean, t: (key: string) => string): void {
  apiSession.loggedIn = loggedIn;
  apiSession.t = t;
}
