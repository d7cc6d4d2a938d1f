/** A URL from a header or other outside input, or null when it does not parse: never a throw (a 500). */
export function parseUrl(value: string | undefined, base?: string): URL | null {
  if (!value) return null;
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
