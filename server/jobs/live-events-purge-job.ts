import { purgeOldEvents } from '../domain/member-events/member-events-repository';
import type { Job } from './job-runner';

/** Drops live events older than EVENT_RETENTION_HOURS: a tab that far behind reloads instead of resuming. */
export const liveEventsPurgeJob: Job = {
  name: 'live-events-purge',
  everyMs: 60 * 60 * 1000,
  async run(db, now) {
    await purgeOldEvents(db, now);
  },
};
