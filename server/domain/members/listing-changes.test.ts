import { describe, expect, it } from 'vitest';
import { ListingChanges } from './listing-changes';

describe('ListingChanges', () => {
  it('tells every subscriber which site changed', () => {
    const changes = new ListingChanges();
    const seen: string[] = [];
    changes.onChange((site) => seen.push(`a${site}`));
    changes.onChange((site) => seen.push(`b${site}`));
    changes.changed(3);
    expect(seen).toEqual(['a3', 'b3']);
  });
});
