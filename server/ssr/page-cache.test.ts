import { describe, expect, it } from 'vitest';
import { PageCache, withNonce } from './page-cache';

describe('PageCache', () => {
  it('keeps a page for ten seconds', () => {
    let now = 1_000;
    const cache = new PageCache(() => now);
    cache.set('k', { status: 200, headers: [], html: '<p>x</p>', nonce: 'n1' });
    now += 9_999;
    expect(cache.get('k')?.html).toBe('<p>x</p>');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
  });

  it('forgets every page when cleared', () => {
    const cache = new PageCache();
    cache.set('a', { status: 200, headers: [], html: 'a', nonce: 'n' });
    cache.set('b', { status: 200, headers: [], html: 'b', nonce: 'n' });
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('gives every response its own nonce', () => {
    const page = { status: 200, headers: [], html: '<script nonce="AAA">1</script><link nonce="AAA">', nonce: 'AAA', expires: 0 };
    expect(withNonce(page, 'BBB')).toBe('<script nonce="BBB">1</script><link nonce="BBB">');
  });
});
