/**
 * The members area of spec 2 (Layouts), by the spec's route names, which are the route ids of
 * app/routes.ts. The one definition every feature asks: the offer banner and modal timer
 * (offers) and the new-like overlay on page load (likes).
 */
export const MEMBERS_AREA: ReadonlySet<string> = new Set(['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium']);

/** Whether a page is in the members area, from its router matches (useMatches()). */
export function inMembersArea(matches: readonly { id: string }[]): boolean {
  return matches.some((m) => MEMBERS_AREA.has(m.id));
}
