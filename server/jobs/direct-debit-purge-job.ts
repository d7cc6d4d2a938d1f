import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SEPA_FILE_RETENTION_DAYS, VERIFICATION_RETENTION_HOURS } from '../../common/direct-debit/direct-debit-rules';
import { deleteVerificationsBefore } from '../domain/direct-debit/direct-debit-repository';
import type { ScheduledJob } from './job-queue';

const HOUR_MS = 3600_000;

/**
 * Hourly: bank data kept no longer than it serves. Verifications (an IBAN, an address and a
 * phone number waiting for an SMS code, confirmed or never) go VERIFICATION_RETENTION_HOURS
 * after they were made: the account a code confirmed is saved on its own. Exported pain.008
 * files (DATA_DIR/sepa) go SEPA_FILE_RETENTION_DAYS after the export: the bank has them, and a
 * return is booked from the database, not the file.
 */
export function directDebitPurgeJob(deps: { sepaDir: string; log: FastifyBaseLogger }): ScheduledJob {
  return {
    name: 'direct-debit-purge',
    cron: '47 * * * *',
    async run(db, now) {
      const verifications = await deleteVerificationsBefore(db, new Date(now.getTime() - VERIFICATION_RETENTION_HOURS * HOUR_MS));
      const files = await removeOldFiles(deps.sepaDir, now.getTime() - SEPA_FILE_RETENTION_DAYS * 24 * HOUR_MS);
      if (verifications > 0 || files > 0) deps.log.info({ job: 'direct-debit-purge', verifications, files }, 'old direct-debit data purged');
    },
  };
}

async function removeOldFiles(dir: string, beforeMs: number): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.xml'))) {
    const file = path.join(dir, name);
    if ((await stat(file)).mtimeMs < beforeMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
