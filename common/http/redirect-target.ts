/**
 * The one rule for redirect targets taken from input (returnTo fields, API answers): the
 * target is resolved against `origin` the way a browser resolves a Location header (tabs and
 * newlines dropped, backslashes read as slashes) and kept only when it stays on that origin.
 * Returns the local path to redirect to, or null. Checking the raw string instead lets
 * `/%09/evil.example` through, which browsers read as `//evil.example`: an open redirect.
 */
export function sameOriginPath(target: string, origin: string): string | null {
  if (!target) return null;
  let base: URL;
  let resolved: URL;
  try {
    base = new URL(origin);
    resolved = new URL(target, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin) return null;
  // A normalised path can still start with "//" ("/.//evil.example"): as a Location that is
  // another host, so the leading slashes collapse to one.
  return `/${resolved.pathname.replace(/^\/+/, '')}${resolved.search}${resolved.hash}`;
}

/** The same-origin path of `target`, or `fallback` for anything else (missing, foreign, malformed). */
export function redirectTarget(target: unknown, origin: string, fallback: string): string {
  return (typeof target === 'string' && sameOriginPath(target, origin)) || fallback;
}
