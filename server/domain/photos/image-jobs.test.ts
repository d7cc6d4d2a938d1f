import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import { ImageJobs } from './image-jobs';

describe('ImageJobs', () => {
  it('runs at most `concurrency` jobs at once, queues a few more in order, and refuses the rest with 503', async () => {
    const jobs = new ImageJobs(2, 2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        started.push(n);
        releases.push(() => {
          running -= 1;
          resolve(n);
        });
      });
    const accepted = [1, 2, 3, 4].map((n) => jobs.run(job(n)));
    const refused = jobs.run(job(5));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, key: 'photos:errors.busy' });
    expect(started).toEqual([1, 2]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(peak).toBe(2);
    // Free again: a failed job gives its slot back too.
    await expect(jobs.run(() => Promise.reject(new Error('decode failed')))).rejects.toThrow('decode failed');
    expect(await jobs.run(() => Promise.resolve('ok'))).toBe('ok');
  });
});
