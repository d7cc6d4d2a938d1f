import { createHash } from 'node:crypto';
import type { TFunction } from 'i18next';
import { THEME_COLOR, BACKGROUND_COLOR } from '../../../common/installed-app/installed-app';

const STYLE = `body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:${BACKGROUND_COLOR};color:#212529;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:26rem;padding:1.5rem;text-align:center}
.brand{color:${THEME_COLOR};font-weight:700;font-size:1.25rem;margin:0 0 1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}
.retry{display:inline-block;min-height:44px;min-width:44px;padding:.6rem 1.5rem;border-radius:.6rem;background:${THEME_COLOR};color:#fff;text-decoration:none;font-weight:600;box-sizing:border-box}`;

const styleHash = createHash('sha256').update(STYLE).digest('base64');

/**
 * Served from the worker's cache when there is no network: it may load nothing else, so only
 * its own inline style is allowed (by hash: no 'unsafe-inline') and no script at all.
 */
export const OFFLINE_CSP = [`default-src 'none'`, `style-src 'sha256-${styleHash}'`, `base-uri 'none'`, `form-action 'none'`, `frame-ancestors 'none'`].join('; ');

const escapeHtml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.codePointAt(0)};`);

/**
 * The offline page: the site's name, "You are offline" and a retry link. The link's empty href
 * is the address the member was opening (the worker answers that navigation with this page), so
 * retrying needs no script and loads the page they wanted once the network is back.
 */
export function offlinePage(siteName: string, locale: string, t: TFunction): string {
  const site = escapeHtml(siteName);
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}">
<title>${escapeHtml(t('offline.title'))} · ${site}</title>
<style>${STYLE}</style>
</head>
<body>
<main data-testid="offline-page">
<p class="brand">${site}</p>
<h1>${escapeHtml(t('offline.title'))}</h1>
<p>${escapeHtml(t('offline.text'))}</p>
<a class="retry" href="" data-testid="offline-retry">${escapeHtml(t('offline.retry'))}</a>
</main>
</body>
</html>
`;
}
