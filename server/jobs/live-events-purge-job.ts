import { purgeOldEvents } from '../domain/member-events/member-events-repository';
import type { ScheduledJob } from './job-queue';

/** Drops live events older than EVENT_RETENTION_HOURS: a tab that far behind reloads instead of resuming. */
export const liveEventsPurgeJob: ScheduledJob = {
  name: 'live-events-purge',
  cron: '17 * * * *',
  async run(db, now) {
    await purgeOldEvents(db, now);
  },
};
