import { describe, expect, it } from 'vitest';
import { clearDraft, emptyDraft, loadDraft, lookingForOf, saveDraft, sexualityFor } from './signup-draft';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('signup draft', () => {
  it('survives a reload and is gone once cleared', () => {
    const storage = new MemoryStorage();
    const draft = { ...emptyDraft('NL'), step: 2, email: 'anna@example.com', name: 'Anna', signup_message: 'Hi', password: 'secret123', interests: ['wine'] };
    saveDraft(draft, storage);
    expect(loadDraft(emptyDraft('DE'), storage)).toEqual(draft);
    clearDraft(storage);
    expect(loadDraft(emptyDraft('DE'), storage)).toEqual(emptyDraft('DE'));
  });

  it('ignores a damaged or foreign draft field by field', () => {
    const storage = new MemoryStorage();
    storage.setItem('rendezvous.signup-draft', JSON.stringify({ step: 'two', email: 'a@b.nl', interests: 'wine', extra: 1 }));
    expect(loadDraft(emptyDraft('NL'), storage)).toEqual({ ...emptyDraft('NL'), email: 'a@b.nl' });
    storage.setItem('rendezvous.signup-draft', '{not json');
    expect(loadDraft(emptyDraft('NL'), storage)).toEqual(emptyDraft('NL'));
  });

  it('maps "I am ... looking for ..." to a sexuality and back', () => {
    for (const gender of ['male', 'female']) {
      for (const looking of ['men', 'women', 'both']) expect(lookingForOf(gender, sexualityFor(gender, looking))).toBe(looking);
    }
    expect(sexualityFor('male', 'women')).toBe('hetero');
    expect(sexualityFor('female', 'women')).toBe('lesbian');
    expect(sexualityFor('male', 'men')).toBe('gay');
  });
});
