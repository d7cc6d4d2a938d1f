import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, endpointUrl } from './endpoint';

describe('endpoint', () => {
  const search = endpoint({ method: 'GET', path: '/api/search.php', query: z.object({ country: z.string().optional(), page: z.number().optional() }), response: z.unknown() });

  it('fills the parts a definition leaves out', () => {
    const logout = endpoint({ method: 'GET', path: '/api/logout.php', response: z.null() });
    expect(logout).toMatchObject({ method: 'GET', path: '/api/logout.php', query: undefined, body: undefined });
  });

  it('builds the URL with the query, leaving out empty values', () => {
    expect(endpointUrl(search, { country: 'NL', page: 2 })).toBe('/api/search.php?country=NL&page=2');
    expect(endpointUrl(search, { country: undefined, page: null })).toBe('/api/search.php');
    expect(endpointUrl(search, undefined)).toBe('/api/search.php');
    expect(endpointUrl(search, { country: 'a&b' })).toBe('/api/search.php?country=a%26b');
  });
});
