import type { FastifyInstance } from 'fastify';
import type { Job } from './job-runner';
import { authCleanupJob } from './auth-cleanup-job';
import { accountPurgeJob } from './account-purge-job';
import { chatPhotosPurgeJob } from './chat-photos-purge-job';
import { liveEventsPurgeJob } from './live-events-purge-job';

/** The background jobs that need only the database. */
export const BACKGROUND_JOBS: Job[] = [authCleanupJob, liveEventsPurgeJob];

/** Every job the server runs in the background: BACKGROUND_JOBS plus those that use the app's services. */
export function backgroundJobs(app: FastifyInstance): Job[] {
  const deps = { storage: () => app.photoStorage, log: app.log };
  return [...BACKGROUND_JOBS, accountPurgeJob(deps), chatPhotosPurgeJob(deps)];
}
