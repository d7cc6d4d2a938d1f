import { describe, expect, it } from 'vitest';
import { parseTracking } from './tracking';

describe('parseTracking', () => {
  it('maps aliases to sub1-sub3 and keeps the known keys only', () => {
    const q = new URLSearchParams('network=adnet&ref=42&aff_sub=a&aff_sub2=b&aff_sub3=c&cpc=0.12&utm_source=x');
    expect(parseTracking(q)).toEqual({ network: 'adnet', ref: '42', sub1: 'a', sub2: 'b', sub3: 'c', cpc: '0.12' });
  });

  it('prefers the canonical name over an alias whatever the order', () => {
    expect(parseTracking(new URLSearchParams('sub=alias&sub1=canonical')).sub1).toBe('canonical');
    expect(parseTracking(new URLSearchParams('sub1=canonical&aff_sub1=alias')).sub1).toBe('canonical');
  });

  it('truncates long values and skips empty ones', () => {
    const t = parseTracking(new URLSearchParams(`ref=${'x'.repeat(500)}&network=`));
    expect(t.ref).toHaveLength(100);
    expect(t.network).toBeUndefined();
  });
});
