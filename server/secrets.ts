import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export interface Secrets {
  /** Signs cookies that are not sessions (the visit cookie). */
  cookieSecret: string;
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /**
   * Signs the short-lived URLs of member photos (server/domain/photos/photo-urls.ts).
   * Optional for callers that build Secrets by hand: mediaSecretOf() then derives one.
   */
  mediaSecret?: string;
  /**
   * Encrypts sensitive fields at rest (the direct-debit IBAN): 32 bytes, base64url. Optional for
   * callers that build Secrets by hand: dataKeyOf() then derives one.
   */
  dataKey?: string;
  /**
   * Encrypt stored bank data (the IBAN, the details waiting for an SMS code), 32 bytes each,
   * base64url, the current one first; the others only read values written before a rotation.
   * Optional for callers that build Secrets by hand: dataKeysOf() then derives them.
   */
  dataEncryptionKeys?: string[];
  /** Key the lookup hashes (SMS codes, mobile numbers, IBANs), in the same form; never the encryption keys. */
  dataHashKeys?: string[];
}

/** The keys of stored bank data: the first of each list is current, the others only read values written before a rotation. */
export interface DataKeys {
  encryption: readonly Buffer[];
  hashing: readonly Buffer[];
  /** The one key of values written before keys had ids (no id in the value): read only. */
  legacy?: Buffer | undefined;
}

/** Where the data keys must come from in a public deployment (see isPublicDeployment). */
export const DATA_KEY_VARIABLES = ['DATA_ENCRYPTION_KEYS', 'DATA_HASH_KEYS'] as const;

/**
 * A public deployment reads its data keys from configuration: a key generated into DATA_DIR
 * sits beside the database it protects (one backup holds both), and two processes would
 * generate two different ones.
 */
export function assertConfiguredDataKeys(publicDeployment: boolean, env: NodeJS.ProcessEnv = process.env): void {
  const missing = DATA_KEY_VARIABLES.filter((name) => !env[name]);
  if (publicDeployment && missing.length > 0) {
    throw new Error(`${missing.join(' and ')} must be set in a public deployment (PUBLIC_ORIGIN is https): see the README's configuration table`);
  }
}

/** A comma-separated list of 32-byte base64url keys, or an error naming the variable. */
export function parseKeyList(name: string, value: string): string[] {
  const keys = value.split(',').map((k) => k.trim()).filter(Boolean);
  if (keys.length === 0 || keys.some((k) => Buffer.from(k, 'base64url').length !== 32)) {
    throw new Error(`${name}: a comma-separated list of 32-byte keys in base64url, the current one first (make one with: openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')`);
  }
  return keys;
}

export function newDataKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The keys of stored bank data (server/domain/direct-debit/field-cipher.ts): separate keys for
 * encryption and for lookup hashes, and the single key of values written before keys had ids
 * (read only). Derived from the cookie secret, one per purpose, when none are set.
 */
export function dataKeysOf(secrets: Secrets): DataKeys {
  const derive = (purpose: string) => [createHmac('sha256', secrets.cookieSecret).update(purpose).digest('base64url')];
  const buffers = (keys: string[]) => keys.map((k) => Buffer.from(k, 'base64url'));
  return {
    encryption: buffers(secrets.dataEncryptionKeys ?? derive('rendezvous data encryption key')),
    hashing: buffers(secrets.dataHashKeys ?? derive('rendezvous data hash key')),
    legacy: dataKeyOf(secrets),
  };
}

/** The key of values written before keys had ids, or one derived from the cookie secret (a separate key per purpose). */
export function dataKeyOf(secrets: Secrets): Buffer {
  const key = secrets.dataKey ?? createHmac('sha256', secrets.cookieSecret).update('rendezvous data key').digest('base64url');
  return Buffer.from(key, 'base64url');
}

/** The media secret, or one derived from the cookie secret (a separate key per purpose). */
export function mediaSecretOf(secrets: Secrets): string {
  return secrets.mediaSecret ?? createHmac('sha256', secrets.cookieSecret).update('rendezvous media urls').digest('base64url');
}

/**
 * Secrets come from the environment when set (several processes must share them);
 * otherwise they are generated once and kept in DATA_DIR/secrets.json, so a restart
 * neither logs visitors out nor invalidates push subscriptions.
 */
export async function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  } catch {
    // First start: nothing stored yet.
  }
  const vapid = stored.vapidPublicKey && stored.vapidPrivateKey ? null : webpush.generateVAPIDKeys();
  const secrets: Secrets = {
    cookieSecret: stored.cookieSecret ?? randomBytes(32).toString('base64url'),
    vapidPublicKey: stored.vapidPublicKey ?? vapid!.publicKey,
    vapidPrivateKey: stored.vapidPrivateKey ?? vapid!.privateKey,
    mediaSecret: stored.mediaSecret ?? randomBytes(32).toString('base64url'),
    // Only read values written before keys had ids: kept where it exists, never made anew.
    ...(stored.dataKey ? { dataKey: stored.dataKey } : {}),
    dataEncryptionKeys: stored.dataEncryptionKeys ?? [newDataKey()],
    dataHashKeys: stored.dataHashKeys ?? [newDataKey()],
  };
  if (JSON.stringify(secrets) !== JSON.stringify(stored)) {
    await mkdir(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    await rename(tmp, file);
  }
  return {
    cookieSecret: env.COOKIE_SECRET ?? secrets.cookieSecret,
    vapidPublicKey: env.VAPID_PUBLIC_KEY ?? secrets.vapidPublicKey,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY ?? secrets.vapidPrivateKey,
    // Processes that share COOKIE_SECRET but no MEDIA_SECRET must still accept each other's
    // photo URLs: they then derive the media secret from the shared cookie secret.
    mediaSecret: env.MEDIA_SECRET ?? (env.COOKIE_SECRET ? undefined : secrets.mediaSecret),
    // Several processes must read each other's encrypted fields: the same rule as the media secret.
    dataKey: env.DATA_KEY ?? (env.COOKIE_SECRET ? undefined : secrets.dataKey),
    dataEncryptionKeys: env.DATA_ENCRYPTION_KEYS ? parseKeyList('DATA_ENCRYPTION_KEYS', env.DATA_ENCRYPTION_KEYS) : env.COOKIE_SECRET ? undefined : secrets.dataEncryptionKeys,
    dataHashKeys: env.DATA_HASH_KEYS ? parseKeyList('DATA_HASH_KEYS', env.DATA_HASH_KEYS) : env.COOKIE_SECRET ? undefined : secrets.dataHashKeys,
  };
}

/**
 * Puts a new generated encryption key and hash key in front of those kept in
 * DATA_DIR/secrets.json (the quick start's keys; a deployment sets DATA_ENCRYPTION_KEYS and
 * DATA_HASH_KEYS instead). The older keys stay to read what they wrote until the rotation ran.
 */
export async function addGeneratedDataKeys(dataDir: string): Promise<void> {
  const file = path.join(dataDir, 'secrets.json');
  await loadSecrets(dataDir, {});
  const stored = JSON.parse(await readFile(file, 'utf8')) as Secrets;
  const next = { ...stored, dataEncryptionKeys: [newDataKey(), ...(stored.dataEncryptionKeys ?? [])], dataHashKeys: [newDataKey(), ...(stored.dataHashKeys ?? [])] };
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(next, null, 2), { mode: 0o600 });
  await rename(tmp, file);
}
