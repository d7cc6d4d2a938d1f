import sharp from 'sharp';
import { ACCENT_COLOR, THEME_COLOR, type AppIconPurpose, type AppIconSize } from '../../../common/installed-app/installed-app';

/** Up to two initials of the site name: "Rendezvous" -> "R", "MILF Match" -> "MM". */
export function monogram(siteName: string): string {
  const words = siteName.split(/[\s\-_.]+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const initials = words.slice(0, 2).map((word) => [...word.replace(/[^\p{L}\p{N}]/gu, '')][0] ?? '');
  return initials.join('').toLocaleUpperCase() || '?';
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.codePointAt(0)};`);

/**
 * The icon as SVG on a 100-unit square: the site's monogram on the theme's purple-to-magenta
 * gradient. `any` has rounded corners; `maskable` and the 180 px iOS icon fill the square (iOS
 * paints transparency black, launchers crop maskable icons) with the letters inside the safe zone.
 */
export function iconSvg(siteName: string, size: AppIconSize, purpose: AppIconPurpose): string {
  const letters = monogram(siteName);
  const fullBleed = purpose === 'maskable' || size === 180;
  const fontSize = (fullBleed ? 40 : 52) / Math.max(1, letters.length * 0.62);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${THEME_COLOR}"/><stop offset="1" stop-color="${ACCENT_COLOR}"/></linearGradient></defs>
<rect width="100" height="100" rx="${fullBleed ? 0 : 20}" fill="url(#g)"/>
<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize.toFixed(1)}" fill="#ffffff">${escapeXml(letters)}</text>
</svg>`;
}

/**
 * The PNG icons of each site, drawn with sharp (libvips) on first request and kept in memory:
 * a few sites times three sizes, some kilobytes each. A renamed site gets new ones (the key holds the name).
 */
export class AppIcons {
  private readonly cache = new Map<string, Promise<Buffer>>();

  png(siteName: string, size: AppIconSize, purpose: AppIconPurpose): Promise<Buffer> {
    const key = `${siteName}|${size}|${purpose}`;
    let icon = this.cache.get(key);
    if (!icon) {
      icon = sharp(Buffer.from(iconSvg(siteName, size, purpose))).png({ compressionLevel: 9 }).toBuffer();
      // A failed drawing is not kept: the next request tries again.
      icon.catch(() => this.cache.delete(key));
      this.cache.set(key, icon);
    }
    return icon;
  }

  clear(): void {
    this.cache.clear();
  }
}
