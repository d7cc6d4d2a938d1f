/**
 * The payment country (spec 3, client state): the member's choice of where they pay, and so
 * in which currency and with which methods. By default the visitor's country (the API picks
 * it when none is given). Not `?country=`: that one selects the site's country and language.
 * The choice rides in the URL when made and is kept in a cookie, so the next page's loader
 * (on the server) knows it too.
 */
export const PAYMENT_COUNTRY_PARAM = 'payment_country';
export const PAYMENT_COUNTRY_COOKIE = 'payment_country';
const YEAR_S = 365 * 24 * 60 * 60;
const CODE = /^[A-Z]{2}$/;

function parse(value: string | null | undefined): string | undefined {
  const upper = value?.trim().toUpperCase();
  return upper && CODE.test(upper) ? upper : undefined;
}

/**
 * The country chosen in the URL, else the one kept in the cookie; undefined: the visitor's
 * country. `useCookie` false for a visitor's page: the server shares those between visitors
 * by URL (server/ssr/page-cache.ts), so they may depend on the URL alone; the browser then
 * applies the kept country itself (keptCountry).
 */
export function paymentCountryOf(request: Request, useCookie = true): { country: string | undefined; chosen: boolean } {
  const fromUrl = parse(new URL(request.url).searchParams.get(PAYMENT_COUNTRY_PARAM));
  if (fromUrl) return { country: fromUrl, chosen: true };
  return { country: useCookie ? parse(cookieValue(request.headers.get('cookie'), PAYMENT_COUNTRY_COOKIE)) : undefined, chosen: false };
}

/** In the browser: the kept country when it differs from the one shown and the page offers it. */
export function keptCountry(cookieHeader: string, shown: string, offered: readonly string[]): string | undefined {
  const kept = parse(cookieValue(cookieHeader, PAYMENT_COUNTRY_COOKIE));
  return kept && kept !== shown && offered.includes(kept) ? kept : undefined;
}

export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Keeps the member's choice for the next pages (a client preference, not a secret). */
export function rememberPaymentCountry(country: string): void {
  const code = parse(country);
  if (code) document.cookie = `${PAYMENT_COUNTRY_COOKIE}=${code}; path=/; max-age=${YEAR_S}; samesite=lax`;
}

/** `href` with the payment country in its query. */
export function withPaymentCountry(href: string, country: string): string {
  return `${href}${href.includes('?') ? '&' : '?'}${PAYMENT_COUNTRY_PARAM}=${country}`;
}
