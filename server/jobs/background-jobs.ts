import type { Job } from './job-runner';
import { authCleanupJob } from './auth-cleanup-job';

/** Every job the server runs in the background. */
export const BACKGROUND_JOBS: Job[] = [authCleanupJob];
