import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEPA_FILE_RETENTION_DAYS, VERIFICATION_RETENTION_HOURS } from '../../common/direct-debit/direct-debit-rules';
import { directDebitVerifications } from '../db/direct-debit-schema';
import { testAppForFile } from '../test-support/test-app-for-file';
import { createMember, demoSiteId } from '../test-support/test-members';
import { directDebitPurgeJob } from './direct-debit-purge-job';

const t = testAppForFile();
const HOUR = 3600_000;

describe('direct-debit purge job', () => {
  it('deletes verifications and exported bank files past their retention, and keeps the recent ones', async () => {
    const db = t.database.db;
    const member = await createMember(db);
    const siteId = await demoSiteId(db);
    const now = new Date();
    const verification = (publicId: string, hoursAgo: number) => ({
      publicId,
      memberId: member.id,
      siteId,
      codeHash: 'k.h',
      mobileHash: 'k.m',
      detailsEncrypted: 'k.iv.tag.data',
      bundleId: 1,
      country: 'NL',
      idempotencyKey: publicId,
      expiresAt: new Date(now.getTime() - hoursAgo * HOUR + 600_000),
      createdAt: new Date(now.getTime() - hoursAgo * HOUR),
    });
    await db.insert(directDebitVerifications).values([verification('purge-old', VERIFICATION_RETENTION_HOURS + 1), verification('purge-new', 1)]);
    const sepaDir = path.join(t.dataDir, 'sepa');
    await mkdir(sepaDir, { recursive: true });
    await writeFile(path.join(sepaDir, 'OLD.xml'), '<Document/>');
    await writeFile(path.join(sepaDir, 'NEW.xml'), '<Document/>');
    const longAgo = new Date(now.getTime() - (SEPA_FILE_RETENTION_DAYS * 24 + 1) * HOUR);
    await utimes(path.join(sepaDir, 'OLD.xml'), longAgo, longAgo);

    await t.app.jobs.runOnce(directDebitPurgeJob({ sepaDir, log: pino({ level: 'silent' }) }), now);
    const left = (await db.select({ id: directDebitVerifications.publicId }).from(directDebitVerifications).where(eq(directDebitVerifications.memberId, member.id))).map((r) => r.id);
    expect(left).toEqual(['purge-new']);
    expect(await readdir(sepaDir)).toEqual(['NEW.xml']);
  });
});
