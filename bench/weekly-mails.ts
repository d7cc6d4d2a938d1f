/**
 * The weekly update for many members (issue 27): BENCH_MEMBERS (default 100,000) members are
 * enqueued by the scheduled job (set-based: one select and one insert per 5,000) and handed to a
 * real SMTP server started here (smtp-server; one connection per mail as SMTP_URL gives by
 * default: nodemailer's pool measured slower here), through the mail-notice
 * queue's handler in batches of 100. Prints both durations and the mails per second.
 *
 *   npm run bench:weekly-mails            (TEST_DATABASE_URL for a PostgreSQL server; PGlite otherwise)
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { MAIL_NOTICE } from '../server/domain/notifications/mail-digests';
import { weeklyUpdatesJob, type SendMany } from '../server/jobs/notice-mail-jobs';
import { createTestApp } from '../server/test-support/test-app';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);

async function main(): Promise<void> {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true${process.env.BENCH_SMTP_QUERY ?? ""}` });
  try {
    // A fifth of them (both genders) joined this week: every member's update names some.
    await t.database.pool.query(
      `insert into members (site_id, email, status, email_confirmed_at, name, gender, birth_date, country, city, created_at, last_active_at)
       select (select id from sites where key = 'rendezvous'), 'weekly' || i || '@example.test', 'active', now(), 'Member ' || i,
              case when i % 2 = 0 then 'male' else 'female' end, date '1990-01-01', case when i % 3 = 0 then 'DE' else 'NL' end, 'Utrecht',
              now() - (case when i % 5 = 0 then interval '2 days' else interval '60 days' end), now() - interval '1 day'
       from generate_series(1, $1) i`,
      [MEMBERS],
    );
    await t.database.pool.query('analyze members');
    const sendMany: SendMany = (name, jobs) => t.app.jobs.sendMany(name, jobs);

    const enqueueStart = performance.now();
    await t.app.jobs.runOnce(weeklyUpdatesJob(sendMany));
    const enqueueMs = performance.now() - enqueueStart;
    const queued = await t.app.jobs.waiting(MAIL_NOTICE);

    const sendStart = performance.now();
    await t.app.jobs.drain([MAIL_NOTICE]);
    const sendMs = performance.now() - sendStart;
    console.log(
      JSON.stringify(
        {
          members: MEMBERS,
          database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
          queued,
          enqueueSeconds: +(enqueueMs / 1000).toFixed(2),
          mailsDelivered: received,
          sendSeconds: +(sendMs / 1000).toFixed(1),
          mailsPerSecond: Math.round(received / (sendMs / 1000)),
        },
        null,
        2,
      ),
    );
  } finally {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

await main();
