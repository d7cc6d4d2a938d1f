import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitEndpoints } from '../../../common/direct-debit/direct-debit-endpoints';
import { directDebitAccounts, directDebitCollections, directDebitVerifications } from '../../db/direct-debit-schema';
import { assertConfiguredDataKeys, dataKeysOf, loadSecrets, newDataKey, type Secrets } from '../../secrets';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loggedInMember } from '../../test-support/test-client';
import { lastSmsCode } from '../../test-support/sms-outbox';
import { runDataKeysCommand } from './data-keys-cli';
import { rotateDataKeys } from './data-key-rotation';
import { FieldCipher } from './field-cipher';

/** The old keys the app runs with, and the new ones a rotation puts in front. */
const OLD: Secrets = { cookieSecret: 'test-cookie-secret-test-cookie-secret', vapidPublicKey: 'p', vapidPrivateKey: 'k', dataEncryptionKeys: [newDataKey()], dataHashKeys: [newDataKey()] };
const NEW: Secrets = { ...OLD, dataEncryptionKeys: [newDataKey(), ...OLD.dataEncryptionKeys!], dataHashKeys: [newDataKey(), ...OLD.dataHashKeys!] };
/** After the rotation the old keys are removed: only the new ones (and the legacy key of id-less values) remain. */
const ONLY_NEW: Secrets = { ...OLD, dataEncryptionKeys: [NEW.dataEncryptionKeys![0]!], dataHashKeys: [NEW.dataHashKeys![0]!] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { secrets: OLD });
});
afterAll(async () => t?.close());

async function buyByDirectDebit(): Promise<number> {
  const who = await loggedInMember(t, { emailConfirmedAt: new Date() });
  const credits = (await who.api.get('/api/credits.php?country=NL')).json<{ bundles: { id: number }[] }>();
  const mobile = '+31687654321';
  const sent = await who.api.post(directDebitEndpoints.sendCode.path, {
    bundle: credits.bundles[0]!.id,
    country: 'NL',
    holder: 'Daan Visser',
    iban: 'NL91ABNA0417164300',
    street: 'Damrak',
    house_number: '1',
    postal_code: '1012 LG',
    city: 'Amsterdam',
    mobile,
    idempotency_key: randomUUID(),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const paid = await who.api.post(directDebitEndpoints.verify.path, { verification_id: sent.json<{ verification_id: string }>().verification_id, code: await lastSmsCode(t, mobile) });
  expect(paid.statusCode, paid.body).toBe(200);
  return who.member.id;
}

describe('keys of stored bank data', () => {
  it('writes with separate encryption and hash keys whose ids stand beside each value', async () => {
    const memberId = await buyByDirectDebit();
    const old = new FieldCipher(dataKeysOf(OLD));
    const [account] = await t.database.db.select().from(directDebitAccounts).where(eq(directDebitAccounts.memberId, memberId));
    const [collection] = await t.database.db.select().from(directDebitCollections).where(eq(directDebitCollections.memberId, memberId));
    const [verification] = await t.database.db.select().from(directDebitVerifications).where(eq(directDebitVerifications.memberId, memberId));
    expect(account!.ibanEncrypted.split('.')[0]).toBe(old.currentEncryptionKeyId);
    expect(collection!.debtor.ibanEncrypted.split('.')[0]).toBe(old.currentEncryptionKeyId);
    expect(collection!.ibanHash!.split('.')[0]).toBe(old.currentHashKeyId);
    expect(verification!.mobileHash.split('.')[0]).toBe(old.currentHashKeyId);
    expect(old.currentHashKeyId).not.toBe(old.currentEncryptionKeyId);
  });

  it('re-encrypts and re-hashes everything on rotation, so the old keys can go', async () => {
    const memberId = await buyByDirectDebit();
    const rotated = new FieldCipher(dataKeysOf(NEW));
    const report = await rotateDataKeys(t.database.db, rotated);
    expect(report.accounts).toBeGreaterThanOrEqual(1);
    expect(report.collections).toBeGreaterThanOrEqual(1);
    expect(await rotateDataKeys(t.database.db, rotated)).toEqual({ accounts: 0, collections: 0, verifications: 0 });

    const after = new FieldCipher(dataKeysOf(ONLY_NEW));
    const db = t.database.db;
    const [account] = await db.select().from(directDebitAccounts).where(eq(directDebitAccounts.memberId, memberId));
    expect(after.decrypt(account!.ibanEncrypted)).toBe('NL91ABNA0417164300');
    for (const c of await db.select().from(directDebitCollections)) {
      expect(after.decrypt(c.debtor.ibanEncrypted)).toBe('NL91ABNA0417164300');
      expect(after.hashes('iban', 'NL91ABNA0417164300')).toContain(c.ibanHash);
      expect(after.hashes('mobile', '+31687654321')).toContain(c.mobileHash);
    }
    for (const v of await db.select().from(directDebitVerifications)) {
      expect(JSON.parse(after.decrypt(v.detailsEncrypted))).toMatchObject({ iban: 'NL91ABNA0417164300' });
      expect(after.matches('mobile', '+31687654321', v.mobileHash)).toBe(true);
    }
  });

  it('rotates the generated keys of DATA_DIR with the operator command', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rv-keys-'));
    try {
      // The quick start keeps its keys in DATA_DIR/secrets.json: here the keys the rows were written with.
      await writeFile(path.join(dataDir, 'secrets.json'), JSON.stringify(NEW));
      const before = await loadSecrets(dataDir, {});
      const out = await runDataKeysCommand(t.database.db, dataDir, {}, ['rotate', '--new-keys']);
      const after = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as Secrets;
      expect(after.dataEncryptionKeys).toHaveLength(3);
      expect(after.dataEncryptionKeys![1]).toBe(before.dataEncryptionKeys![0]);
      expect(after.dataHashKeys![1]).toBe(before.dataHashKeys![0]);
      expect(out).toMatch(/^Re-encrypted with key \S+, hashes with key \S+: \d+ account/);
      await expect(runDataKeysCommand(t.database.db, dataDir, { DATA_ENCRYPTION_KEYS: newDataKey() }, ['rotate', '--new-keys'])).rejects.toThrow(/DATA_ENCRYPTION_KEYS/);
      await expect(runDataKeysCommand(t.database.db, dataDir, {}, ['spin'])).rejects.toThrow(/Usage/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reads the keys from configuration, and a public deployment refuses to start without them', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rv-keys-'));
    try {
      const [enc1, enc2, hash] = [newDataKey(), newDataKey(), newDataKey()];
      const secrets = await loadSecrets(dataDir, { DATA_ENCRYPTION_KEYS: `${enc1}, ${enc2}`, DATA_HASH_KEYS: hash });
      expect(secrets).toMatchObject({ dataEncryptionKeys: [enc1, enc2], dataHashKeys: [hash] });
      await expect(loadSecrets(dataDir, { DATA_ENCRYPTION_KEYS: 'short', DATA_HASH_KEYS: hash })).rejects.toThrow(/DATA_ENCRYPTION_KEYS: a comma-separated list of 32-byte keys/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(() => assertConfiguredDataKeys(true, {})).toThrow(/DATA_ENCRYPTION_KEYS and DATA_HASH_KEYS must be set in a public deployment/);
    expect(() => assertConfiguredDataKeys(true, { DATA_ENCRYPTION_KEYS: newDataKey(), DATA_HASH_KEYS: newDataKey() })).not.toThrow();
    expect(() => assertConfiguredDataKeys(false, {})).not.toThrow();
  });
});
