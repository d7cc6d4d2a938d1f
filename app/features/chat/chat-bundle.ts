/** The chat's translation namespace; the chat routes send `context.translations(CHAT_NS)` as `bundle`. */
export const CHAT_NS = 'chat';

/** The emoji shown for the site's fictional_icon setting (an icon name). */
export const FICTIONAL_ICONS: Record<string, string> = { 'theater-masks': '🎭', mask: '🎭', star: '⭐', info: 'ℹ️' };
