/**
 * `npm run photos -- approve <photoId...>` / `npm run photos -- approve --all-pending`:
 * sets photos in inspection active, until moderation tooling exists.
 */
import { parseArgs } from 'node:util';
import { runAsCommand } from '../../db/command';
import type { Db } from '../../db/database';
import { approvePendingPhotos } from './photos-repository';

export const USAGE = 'Usage: npm run photos -- approve <photoId...> | npm run photos -- approve --all-pending';

/** Runs one command against `db`; returns what to print. Throws with the usage on bad arguments. */
export async function runPhotosCommand(db: Db, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({ args: argv, options: { 'all-pending': { type: 'boolean' } }, allowPositionals: true, strict: true });
  const [command, ...ids] = positionals;
  if (command !== 'approve') throw new Error(USAGE);
  if (Boolean(values['all-pending']) === ids.length > 0) throw new Error(USAGE);
  const wanted = ids.map((id) => {
    if (!/^\d{1,9}$/.test(id)) throw new Error(`"${id}" is not a photo id.\n${USAGE}`);
    return Number(id);
  });
  const approved = await approvePendingPhotos(db, values['all-pending'] ? null : wanted);
  const skipped = wanted.filter((id) => !approved.includes(id));
  const lines = [`Approved ${approved.length} photo(s)${approved.length ? `: ${approved.join(', ')}` : ''}.`];
  if (skipped.length) lines.push(`Not in inspection (unknown, already active or deleted): ${skipped.join(', ')}.`);
  return lines.join('\n');
}

runAsCommand(import.meta.url, (db, _config, argv) => runPhotosCommand(db, argv));
