import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the process, read once from the environment. The README's
 * configuration table lists the same names and defaults; keep them in step.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A JSON object of strings by site key ('*' for every other site). */
const jsonRecord = z.string().transform(parseJsonRecord);

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  /**
   * The bearer token a mail server or ESP presents to POST bounces and spam complaints to
   * /api/mail-feedback.php; unset = that endpoint does not exist (404). At least 32 characters.
   */
  MAIL_FEEDBACK_TOKEN: z.string().min(32).optional(),
  /** Redis for live events across several processes (pub/sub); unset = one process works alone. */
  REDIS_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  SEED_MEMBERS: z.coerce.number().int().min(0).max(100_000).default(3000),
  TRUST_PROXY: booleanFlag.default(false),
  /**
   * Origin of every link in mails, `{host}` standing for the site's configured host name:
   * never taken from request headers (Host, X-Forwarded-Proto), which a client chooses.
   * Unset = `http://{host}:PORT`.
   */
  PUBLIC_ORIGIN: z
    .string()
    .refine((v) => v.includes('{host}') && isBareOrigin(v.replaceAll('{host}', 'example.com')), 'an origin such as https://{host} (with {host}, no path)')
    .optional(),
  /** The site is only reached over https (a TLS proxy that sends no X-Forwarded-Proto, or without TRUST_PROXY): Secure cookies and HSTS always. */
  ASSUME_HTTPS: booleanFlag.default(false),
  /** A session unused this long is ended on the server (the cookie itself lives 30 days, spec 9). */
  SESSION_IDLE_HOURS: z.coerce.number().min(1).max(720).default(168),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  SIGNUP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Uploaded photos go live without inspection (demos); off in production. */
  PHOTO_AUTO_APPROVE: booleanFlag.default(false),
  /** Photo uploads decoded and encoded at once per process (more wait, a few; beyond that: 503). */
  IMAGE_JOBS: z.coerce.number().int().min(1).max(64).default(2),
  /** An S3-compatible bucket for uploads; unset S3_BUCKET = local disk under DATA_DIR/media. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * The built-in test provider (a hosted checkout of our own, marked as a test): 'auto' offers
   * it when no real provider is configured, outside a public deployment; 'yes' always (staging), 'no' never.
   */
  TEST_PAYMENTS: z.enum(['auto', 'yes', 'no']).default('auto'),
  /** Mollie API keys by site key, JSON ({"rendezvous": "live_...", "*": "test_..."}; '*' for every other site). */
  MOLLIE_API_KEYS: jsonRecord.optional(),
  /** Another base URL for Mollie's API (a local stand-in in tests). */
  MOLLIE_API_ENDPOINT: z.url().optional(),
  ADYEN_API_KEY: z.string().min(1).optional(),
  /** Adyen merchant accounts by site key, JSON like MOLLIE_API_KEYS. */
  ADYEN_MERCHANT_ACCOUNTS: jsonRecord.optional(),
  /** The HMAC key that signs Adyen's webhooks (hex, from the Customer Area). */
  ADYEN_HMAC_KEY: z.string().min(1).optional(),
  ADYEN_ENVIRONMENT: z.enum(['TEST', 'LIVE']).default('TEST'),
  /** The live endpoint prefix Adyen assigns (LIVE only). */
  ADYEN_LIVE_URL_PREFIX: z.string().optional(),
  /** Another base URL for Adyen's Checkout API (a local stand-in in tests). */
  ADYEN_CHECKOUT_ENDPOINT: z.url().optional(),
  /** Twilio for the direct-debit SMS codes; unset = development outbox in DATA_DIR/sms-outbox/. */
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: a phone number or an alphanumeric sender id. */
  TWILIO_FROM: z.string().min(1).optional(),
  /** Another base URL for Twilio's API (a local stand-in in tests). */
  TWILIO_API_BASE: z.url().optional(),
  /**
   * Tests only: a local push service's origin (https://127.0.0.1:4443) that subscriptions may
   * name and pushes are sent to although it is not a public host; unset in production.
   */
  PUSH_TEST_ORIGIN: z
    .string()
    .refine((v) => v.startsWith('https://') && isBareOrigin(v), 'an https origin such as https://127.0.0.1:4443 (no path)')
    .optional(),
  /** Tests only: the PEM certificate to trust for PUSH_TEST_ORIGIN (and for it alone). */
  PUSH_TEST_CA_FILE: z.string().min(1).optional(),
});

function parseJsonRecord(value: string, ctx: z.RefinementCtx): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(value);
    const record = z.record(z.string(), z.string().min(1)).safeParse(parsed);
    if (record.success) return record.data;
  } catch {
    // Reported below.
  }
  ctx.addIssue({ code: 'custom', message: 'a JSON object of strings, e.g. {"*":"key"}' });
  return z.NEVER;
}

function isBareOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

// A half-configured bucket, provider or SMS sender would fail at first use; refuse it at start instead.
const TOGETHER = [
  ['S3_BUCKET', ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']],
  ['ADYEN_API_KEY', ['ADYEN_MERCHANT_ACCOUNTS', 'ADYEN_HMAC_KEY']],
  ['TWILIO_ACCOUNT_SID', ['TWILIO_AUTH_TOKEN', 'TWILIO_FROM']],
  ['PUSH_TEST_CA_FILE', ['PUSH_TEST_ORIGIN']],
] as const;

const checkedConfigSchema = configSchema.superRefine((c, ctx) => {
  for (const [main, needed] of TOGETHER) {
    if (!c[main]) continue;
    for (const name of needed) {
      if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${main} is set` });
    }
  }
});

export type AppConfig = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'PUBLIC_ORIGIN'> & { DATA_DIR: string; PUBLIC_ORIGIN: string };

/**
 * Whether this deployment faces the internet: PUBLIC_ORIGIN is https on a name that is not
 * loopback or `.localhost`. The quick start (no PUBLIC_ORIGIN) is not; a public deployment
 * gets no fail-open defaults (test checkout, generated data keys).
 */
export function isPublicDeployment(config: Pick<AppConfig, 'PUBLIC_ORIGIN'>): boolean {
  const origin = config.PUBLIC_ORIGIN.replaceAll('{host}', 'site.example');
  if (!origin.startsWith('https://')) return false;
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = checkedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = { ...parsed.data, ...overrides };
  const publicOrigin = (config.PUBLIC_ORIGIN ?? `http://{host}:${config.PORT}`).replace(/\/$/, '');
  return { ...config, DATA_DIR: path.resolve(config.DATA_DIR), PUBLIC_ORIGIN: publicOrigin };
}
