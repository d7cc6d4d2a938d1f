/** Entries that hold until their time, at most `limit` of them: when full, the expired go first, then the oldest. */
export class ExpiringEntries<K, V extends { until: number }> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.until > now ? entry : undefined;
  }

  set(key: K, value: V, now: number): void {
    // Deleted first, so that the insertion order is the age order.
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.limit) return;
    for (const [k, entry] of this.entries) if (entry.until <= now) this.entries.delete(k);
    // Still full: the oldest go; at worst a notice or an insert happens once more.
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(k);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
