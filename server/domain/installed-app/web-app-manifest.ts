import type { Locale } from '../../../common/reference/countries';
import { appIconPath, BACKGROUND_COLOR, THEME_COLOR } from '../../../common/installed-app/installed-app';
import type { WebAppManifest } from '../../../common/installed-app/manifest-schema';
import type { Site } from '../sites/site-directory';
import { siteText } from '../sites/site-presenter';

/** What fits under a home-screen icon: the name itself when short, else its first word, cut to 12. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const first = name.split(/\s+/)[0] ?? name;
  return first.slice(0, 12);
}

/**
 * The site's web app manifest (white-label: its name, the theme colours, its monogram icons) in
 * the visitor's language. start_url is `/`: the home page sends a logged-in member on to /members
 * (spec 2: "home for a logged-in user") and shows a visitor the front page, so one installed
 * icon serves both without an extra redirect for members being logged out.
 */
export function webAppManifest(site: Site, locale: Locale): WebAppManifest {
  const name = site.row.settings.name;
  return {
    id: '/',
    name,
    short_name: shortName(name),
    description: siteText(site, 'description', locale),
    lang: locale,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: appIconPath(name, 192), sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: appIconPath(name, 512), sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: appIconPath(name, 512, 'maskable'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
