/**
 * Which live connections to ping when. Every connection is pinged once per cycle
 * (PING_INTERVAL_MS), but not all at once: the cycle is cut into `slices` ticks and each
 * tick pings its share of the connections present when the cycle began: a thousand pings
 * (and pongs) in one burst held the event loop long enough to make the chat's slowest
 * deliveries (docs/performance.md).
 */
export class PingSweep<T> {
  private pending: T[] = [];
  private perTick = 0;
  private ticks = 0;

  constructor(
    private readonly all: ReadonlySet<T>,
    private readonly slices: number,
    /** Pings (or drops) a batch of connections, all still open. */
    private readonly visit: (batch: T[]) => void,
  ) {}

  /**
   * One slice of the cycle. A cycle begins at every `slices`-th tick (the first one a whole
   * cycle after the start, so that a connection is first pinged an interval after it opened);
   * connections that opened since wait for the next cycle, those closed meanwhile are skipped.
   */
  tick(): void {
    this.ticks += 1;
    if (this.ticks % this.slices === 0) {
      this.pending = [...this.all];
      this.perTick = Math.ceil(this.pending.length / this.slices);
    }
    if (this.pending.length === 0) return;
    const batch = this.pending.splice(0, this.perTick).filter((item) => this.all.has(item));
    if (batch.length > 0) this.visit(batch);
  }

  /** Every connection at once (tests); the cycle in progress goes on. */
  now(): void {
    if (this.all.size > 0) this.visit([...this.all]);
  }
}
