import type { FastifyBaseLogger } from 'fastify';
import { CHAT_PHOTO_UNSENT_HOURS } from '../../common/photos/photo-schema';
import { removePhotoFiles } from '../domain/photos/photo-service';
import { retireUnsentChatPhotos } from '../domain/photos/photos-repository';
import type { ObjectStorage } from '../storage/object-storage';
import type { ScheduledJob } from './job-queue';

/** Photos per statement: a backlog is worked off in short statements, not one long one. */
const BATCH = 500;

/**
 * Hourly: deletes chat photos uploaded more than CHAT_PHOTO_UNSENT_HOURS ago that no message
 * uses (uploads for messages never sent), rows first, files after. Unsent uploads would
 * otherwise keep storage forever; the per-member cap (CHAT_PHOTOS_UNSENT_MAX) bounds them
 * in between. The storage is asked for when the job runs (tests hand in their own).
 */
export function chatPhotosPurgeJob(deps: { storage: () => ObjectStorage; log: FastifyBaseLogger }): ScheduledJob {
  return {
    name: 'chat-photos-purge',
    cron: '37 * * * *',
    async run(db, now) {
      const cutoff = new Date(now.getTime() - CHAT_PHOTO_UNSENT_HOURS * 3600_000);
      let photos = 0;
      for (;;) {
        const keys = await retireUnsentChatPhotos(db, cutoff, BATCH);
        await removePhotoFiles(deps.storage(), keys, deps.log);
        photos += keys.length / 2;
        if (keys.length < BATCH * 2) break;
      }
      if (photos > 0) deps.log.info({ job: 'chat-photos-purge', photos }, 'unsent chat photos purged');
    },
  };
}
