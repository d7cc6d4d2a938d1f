import type { Locale } from '../reference/countries';
import type { CompanyInfo, SiteSettings } from '../sites/site-settings';
import type { MemberTile } from '../members/member-tile';
import type { User } from '../auth/user-schema';
import type { Endpoint, RequestArgs, ResponseOf } from '../api/endpoint';

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
  /**
   * Calls one of our own API endpoints as this visitor (same session, site, language and
   * address), for route actions and loaders: forms work without JavaScript and go through
   * the same validation and rate limits as the browser's calls (page actions have no service
   * shortcut that could skip them). Cookies the endpoint sets reach the browser. Takes an
   * endpoint of `common/<domain>/<domain>-endpoints.ts`; the answer is parsed by its schema.
   */
  api<E extends Endpoint>(target: E, ...[request]: RequestArgs<E>): Promise<ApiCallResult<ResponseOf<E>>>;
}

/** An API answer inside the server: the body on success, or the translated error message. */
export type ApiCallResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; message: string; code: string; fields: Record<string, string> };

declare module 'react-router' {
  // Declaration merging: React Router's AppLoadContext takes our shape.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RendezvousLoadContext {}
}
