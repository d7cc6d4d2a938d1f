import { describe, expect, it } from 'vitest';
import { describeSlowdown, HostSlowdownWatch, slowedShare } from './host-slowdown';

describe('slowedShare', () => {
  // Units every 5 ms taking 0.1 ms, with a spell at 100-120 ms in which they took 1 ms.
  const at = Array.from({ length: 60 }, (_, i) => i * 5);
  const took = at.map((t) => (t >= 100 && t < 120 ? 1 : 0.1));

  it('counts the units of the span that took over three times the usual', () => {
    expect(slowedShare(at, took, 0, 295)).toBeCloseTo(4 / 60);
    expect(slowedShare(at, took, 100, 115)).toBe(1);
    expect(slowedShare(at, took, 200, 295)).toBe(0);
  });

  it('does not count a unit that took less than three times the usual', () => {
    expect(slowedShare(at, at.map((t) => (t === 50 ? 0.29 : 0.1)), 0, 295)).toBe(0);
  });

  it('knows nothing of a span without units', () => {
    expect(slowedShare(at, took, 400, 500)).toBeNull();
  });
});

describe('HostSlowdownWatch', () => {
  it('measures this machine: a share between 0 and 1 for a span it watched', async () => {
    const watch = new HostSlowdownWatch();
    try {
      const from = HostSlowdownWatch.now();
      await new Promise((resolve) => setTimeout(resolve, 600));
      const share = await watch.share(from, HostSlowdownWatch.now());
      if (process.platform === 'linux') {
        expect(share).not.toBeNull();
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }
      expect(describeSlowdown(0.034)).toBe(', host slowed 3 %');
      expect(describeSlowdown(null)).toBe('');
    } finally {
      await watch.stop();
    }
  });
});
