/** The emoji shown for the site's fictional_icon setting (an icon name). */
export const FICTIONAL_ICONS: Record<string, string> = { 'theater-masks': '🎭', mask: '🎭', star: '⭐', info: 'ℹ️' };
