/**
 * The page a notification click opens (service worker, `data.url`): a page of this site only.
 * Whatever a payload says, a click never sends the member to another origin ("//evil.example",
 * "/\evil.example" and absolute URLs resolve elsewhere and fall back to the home page).
 */
export function notificationTarget(data: unknown, origin: string): string {
  const path = (data as { url?: unknown } | null)?.url;
  if (typeof path !== 'string' || !path.startsWith('/')) return `${origin}/`;
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
