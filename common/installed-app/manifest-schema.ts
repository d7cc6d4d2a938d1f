import { z } from 'zod';
import { APP_ICON_PREFIX } from './installed-app';

/** The file name of an icon: `192.png`, `512-maskable.png`. */
export const appIconFileSchema = z.object({
  file: z.string().regex(/^(180|192|512)(-maskable)?\.png$/),
});

const manifestIconSchema = z.object({
  src: z.string().startsWith(APP_ICON_PREFIX),
  sizes: z.string().regex(/^\d+x\d+$/),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

/** The web app manifest a site answers (W3C Web Application Manifest, the members Chromium checks). */
export const webAppManifestSchema = z.object({
  id: z.string(),
  name: z.string().min(1),
  short_name: z.string().min(1).max(12),
  description: z.string(),
  lang: z.string(),
  dir: z.literal('ltr'),
  start_url: z.string().startsWith('/'),
  scope: z.literal('/'),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(manifestIconSchema).min(3),
});
export type WebAppManifest = z.infer<typeof webAppManifestSchema>;
