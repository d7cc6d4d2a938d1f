import { LocalBus, type LiveBus } from './live-bus';
import { RedisBus } from './redis-bus';

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * The live bus of this process: in memory when it works alone, Redis pub/sub (REDIS_URL)
 * when several processes serve the same site. Fails at start when Redis is configured
 * but unreachable, rather than serving members who would silently miss each other.
 */
export async function createLiveBus(redisUrl: string | undefined, log?: Logger): Promise<LiveBus> {
  if (!redisUrl) return new LocalBus();
  const bus = new RedisBus(redisUrl, log);
  try {
    await bus.connect();
  } catch (error) {
    await bus.close();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`, { cause: error });
  }
  return bus;
}
