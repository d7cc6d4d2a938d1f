import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { newLikeOnLoad } from './features/likes/likes-host';
import { inMembersArea, MEMBERS_AREA } from './members-area';
import routes from './routes';

const SPEC_MEMBERS_AREA = ['members', 'members-id', 'chats', 'likes', 'likes-m-id', 'premium'];

type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] };

/** Every page of the route table with a URL that reaches it (parameters filled, optional ones left out). */
function pages(entries: readonly Entry[]): { id: string; url: string }[] {
  return entries.flatMap((e) => [
    ...(e.id && (e.path !== undefined || e.index) && e.path !== '*' ? [{ id: e.id, url: `/${(e.path ?? '').replace(/\/:\w+\?/g, '').replace(/:\w+/g, '7')}` }] : []),
    ...pages(e.children ?? []),
  ]);
}

/** The router's matches for a URL, as useMatches() gives them to the hosts. */
function matchesOf(url: string) {
  return (matchRoutes(routes as RouteObject[], url) ?? []).map((m) => ({ id: m.route.id ?? '', pathname: m.pathname }));
}

describe('the members area (spec 2)', () => {
  it('names routes that exist', () => {
    const ids = pages(routes).map((p) => p.id);
    for (const id of MEMBERS_AREA) expect(ids).toContain(id);
  });

  it('is the same set of pages for the offers and for the new-like overlay: members, members-id, chats, likes, likes-m-id and premium, nothing else', () => {
    const all = pages(routes);
    expect(all.length).toBeGreaterThan(40);
    const decided = all.map(({ id, url }) => {
      const matches = matchesOf(url);
      expect(matches.at(-1)?.id, url).toBe(id);
      return { id, offers: inMembersArea(matches), likes: newLikeOnLoad(matches, null) };
    });
    const expected = [...SPEC_MEMBERS_AREA].sort();
    expect(decided.filter((p) => p.offers).map((p) => p.id).sort()).toEqual(expected);
    expect(decided.filter((p) => p.likes).map((p) => p.id).sort()).toEqual(expected);
  });

  it('leaves the new-like overlay to the like modal when ?t= asks for it', () => {
    expect(newLikeOnLoad(matchesOf('/members'), '5')).toBe(false);
    expect(newLikeOnLoad(matchesOf('/members'), 'x')).toBe(true);
  });
});
