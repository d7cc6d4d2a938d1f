import { ApiError } from '../../http/api-error';

/**
 * Bounds the image work of a process: at most `concurrency` decodes and encodes at once (each
 * takes a libuv thread, CPU and up to hundreds of MB), and at most `maxWaiting` uploads waiting
 * for a turn; beyond that an upload is refused at once (503, try again), so that a burst of
 * uploads cannot pile up bodies in memory or starve the rest of the server.
 */
export class ImageJobs {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number = concurrency * 4,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new ApiError(503, 'photos:errors.busy');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await job();
    } finally {
      // The slot passes straight to the next waiting job (running stays the same), else frees.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
