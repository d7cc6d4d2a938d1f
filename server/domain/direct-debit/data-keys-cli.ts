/**
 * The operator's data-key commands (README: Keys of stored bank data):
 *   npm run data-keys -- rotate              re-encrypt and re-hash the stored bank data with the current keys
 *   npm run data-keys -- rotate --new-keys   first put new generated keys in front (keys kept in DATA_DIR/secrets.json)
 *   npm run data-keys -- generate            print a new key for DATA_ENCRYPTION_KEYS or DATA_HASH_KEYS
 */
import { parseArgs } from 'node:util';
import { runAsCommand } from '../../db/command';
import type { Db } from '../../db/database';
import { addGeneratedDataKeys, dataKeysOf, loadSecrets, newDataKey } from '../../secrets';
import { rotateDataKeys } from './data-key-rotation';
import { FieldCipher } from './field-cipher';

export const USAGE = 'Usage: npm run data-keys -- rotate [--new-keys] | npm run data-keys -- generate';

export async function runDataKeysCommand(db: Db, dataDir: string, env: NodeJS.ProcessEnv, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({ args: argv, options: { 'new-keys': { type: 'boolean' } }, allowPositionals: true, strict: true });
  const [command, ...rest] = positionals;
  if (command === 'generate' && rest.length === 0 && !values['new-keys']) return newDataKey();
  if (command !== 'rotate' || rest.length > 0) throw new Error(USAGE);
  if (values['new-keys']) {
    if (env.DATA_ENCRYPTION_KEYS || env.DATA_HASH_KEYS) {
      throw new Error('The keys come from DATA_ENCRYPTION_KEYS and DATA_HASH_KEYS: put a new key (npm run data-keys -- generate) first in each, then run rotate without --new-keys.');
    }
    await addGeneratedDataKeys(dataDir);
  }
  const cipher = new FieldCipher(dataKeysOf(await loadSecrets(dataDir, env)));
  const report = await rotateDataKeys(db, cipher);
  return [
    `Re-encrypted with key ${cipher.currentEncryptionKeyId}, hashes with key ${cipher.currentHashKeyId}: ${report.accounts} account(s), ${report.collections} collection(s), ${report.verifications} verification(s).`,
    'The older keys may now be removed (keep them a day if codes were sent in the last day: their SMS codes were hashed with them).',
  ].join('\n');
}

runAsCommand(import.meta.url, (db, config, argv) => runDataKeysCommand(db, config.DATA_DIR, process.env, argv));
