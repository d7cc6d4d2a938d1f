import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Progress } from './progress';

describe('Progress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays hidden for work shorter than the 200 ms throttle', () => {
    const p = new Progress();
    p.start();
    vi.advanceTimersByTime(150);
    p.done();
    vi.advanceTimersByTime(1000);
    expect(p.getSnapshot().visible).toBe(false);
  });

  it('shows after 200 ms, completes, and hides 500 ms after the last request', () => {
    const p = new Progress(() => Date.now());
    p.start();
    p.start();
    vi.advanceTimersByTime(200);
    expect(p.getSnapshot()).toEqual({ visible: true, percent: 10 });
    vi.advanceTimersByTime(5000);
    p.tick();
    expect(p.getSnapshot().percent).toBe(90);
    p.done();
    expect(p.getSnapshot().percent).toBe(90);
    p.done();
    expect(p.getSnapshot()).toEqual({ visible: true, percent: 100 });
    vi.advanceTimersByTime(499);
    expect(p.getSnapshot().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(p.getSnapshot().visible).toBe(false);
  });
});
