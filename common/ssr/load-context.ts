import type { Locale } from '../reference/countries';
import type { CompanyInfo, SiteSettings } from '../sites/site-settings';
import type { MemberTile } from '../members/member-tile';
import type { User } from '../auth/user-schema';

/**
 * What the server hands every React Router loader (the `context` argument). The app
 * reaches server data only through this interface, never by importing server code.
 */
export interface RendezvousLoadContext {
  /** CSP nonce of this response; every inline script must carry it. */
  nonce: string;
  locale: Locale;
  visibleLocales: readonly Locale[];
  country: string | null;
  settings: SiteSettings;
  company: CompanyInfo;
  /** i18next resources of one namespace in the request's locale. */
  translations(ns: string): Record<string, unknown>;
  teaserMembers(): Promise<MemberTile[]>;
  /** The logged-in member (null for visitors). */
  user: User | null;
  /** Checks credentials and starts a session (the cookie is set on this response). */
  login(email: string, password: string): Promise<ActionResult>;
  /** Sends a password-reset link to this address. */
  requestPasswordReset(email: string): Promise<ActionResult>;
  /** Sets a new password with a reset link's token. */
  resetPassword(token: string, password: string, confirmation: string): Promise<ActionResult>;
  /**
   * Calls one of our own API endpoints as this visitor (same session, site, language and
   * address), for route actions and loaders: forms work without JavaScript and go through
   * the same validation as the browser's calls. Cookies the endpoint sets reach the browser.
   */
  api<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: `/api/${string}`, body?: unknown): Promise<ApiCallResult<T>>;
}

/** An API answer inside the server: the body on success, or the translated error message. */
export type ApiCallResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; message: string; code: string; fields: Record<string, string> };

/** The outcome of a server operation a form triggers; `message` is already translated. */
export type ActionResult = { ok: true } | { ok: false; status: number; message: string };

declare module 'react-router' {
  // Declaration merging: React Router's AppLoadContext takes our shape.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RendezvousLoadContext {}
}
