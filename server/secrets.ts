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
}

/** The field-encryption key, or one derived from the cookie secret (a separate key per purpose). */
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
    dataKey: stored.dataKey ?? randomBytes(32).toString('base64url'),
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
  };
}
