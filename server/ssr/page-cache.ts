/**
 * A micro-cache of server-rendered pages for visitors who are not logged in: those pages
 * depend only on the site, the visitor's locale and country and the URL, and the home page
 * is the most requested page of the product. A page is kept for a few seconds; each
 * request still gets its own CSP nonce (swapped into the cached HTML) and its own cookies.
 */
export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  html: string;
  /** The nonce the page was rendered with; replaced per response. */
  nonce: string;
  expires: number;
}

const TTL_MS = 10_000;
const MAX_ENTRIES = 500;

export class PageCache {
  private entries = new Map<string, CachedPage>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }

  /** Forgets every page (what they list changed). */
  clear(): void {
    this.entries.clear();
  }

  set(key: string, page: Omit<CachedPage, 'expires'>): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Drop the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...page, expires: this.now() + TTL_MS });
  }
}

/** The page's HTML with this response's nonce in place of the one it was rendered with. */
export function withNonce(page: CachedPage, nonce: string): string {
  return page.html.replaceAll(`nonce="${page.nonce}"`, `nonce="${nonce}"`);
}
