/**
 * Where the installed app's parts are served: the document head, the worker and the server share
 * these. No zod here: the root shell imports this module, and every visitor's first page loads it.
 */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const OFFLINE_PATH = '/offline';
export const APP_ICON_PREFIX = '/app-icons/';

/** The spec's theme (section 9: a deep purple primary); app/styles/theme.scss holds the same values. */
export const THEME_COLOR = '#4a148c';
export const BACKGROUND_COLOR = '#faf8fc';
/** The theme's magenta secondary: the icons' gradient ends in it. */
export const ACCENT_COLOR = '#d81b60';

/** The sizes Chromium asks of an installable manifest (192 and 512), and the iOS home-screen icon (180). */
export const APP_ICON_SIZES = [180, 192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];
/** `maskable`: the monogram sits in the inner 80 % safe zone, so a launcher may crop it to any shape. */
export type AppIconPurpose = 'any' | 'maskable';

export function parseAppIconFile(file: string): { size: AppIconSize; purpose: AppIconPurpose } {
  const [size, purpose] = file.replace(/\.png$/, '').split('-');
  return { size: Number(size) as AppIconSize, purpose: purpose === 'maskable' ? 'maskable' : 'any' };
}

/**
 * Icons are cached for a year, so their URL changes with what they show: `v` is a short hash of
 * the site name the monogram is drawn from (and of the theme colour).
 */
export function appIconPath(siteName: string, size: AppIconSize, purpose: AppIconPurpose = 'any'): string {
  return `${APP_ICON_PREFIX}${size}${purpose === 'maskable' ? '-maskable' : ''}.png?v=${iconVersion(siteName)}`;
}

export function iconVersion(siteName: string): string {
  // FNV-1a: stable in the browser and on the server without a crypto dependency; not a secret.
  let hash = 0x811c9dc5;
  for (const char of `${siteName}|${THEME_COLOR}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The cache the service worker keeps the offline page in; a new worker version drops the others. */
export function offlineCacheName(version: number): string {
  return `rendezvous-offline-v${version}`;
}
