import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { isEmailAddress } from '../text/index.ts';
import { backupEnv } from './backup-settings.ts';
import { smtpUrlProblem } from './smtp-url.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s))));
const url = (schemes: string[], what: string) => v.optional(v.pipe(
  v.string(), v.trim(),
  v.check((s) => s === '' || (URL.canParse(s) && schemes.includes(new URL(s).protocol)), `must be a ${what} URL`),
  v.transform((s) => (s === '' ? undefined : s)),
));

const readableFile = v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s)),
  v.check((s) => s === undefined || existsSync(s), 'must name a file that exists')));

const EnvSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a port number (1-65535)'), v.transform(Number),
    v.minValue(1, 'must be a port number (1-65535)'), v.maxValue(65535, 'must be a port number (1-65535)')), '3000'),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), 'localhost'),
  // https served directly (as @astrojs/node's standalone server); both or neither, each a file that exists.
  SERVER_CERT_PATH: readableFile,
  SERVER_KEY_PATH: readableFile,
  PUBLIC_URL: url(['http:', 'https:'], 'http(s)'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), './data'),
  MEDIA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), './media'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://'),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.check((s) => s === '' || s.length >= 32, 'must be at least 32 characters'))),
  ADMIN_EMAILS: v.optional(v.pipe(v.string(), v.transform((s) => s.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
    v.check((list) => list.every(isEmailAddress), 'must be a comma-separated list of e-mail addresses')), ''),
  SMTP_URL: v.pipe(url(['smtp:', 'smtps:'], 'smtp:// or smtps://'), v.check((s) => s === undefined || !smtpUrlProblem(s), (issue) => smtpUrlProblem(String(issue.input)) ?? '')),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3, 'must be an e-mail address')), 'Gestalt Online <no-reply@localhost>'),
  CONTACT_TO: optionalText,
  // Campaign (mass e-mail) messages per second across all instances; 0 = unlimited. Account and purchase mail is not paced.
  MAIL_RATE: v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => s || '10'), v.regex(/^\d+(\.\d+)?$/, 'must be a number of campaign messages per second (0 = unlimited)'),
    v.transform(Number), v.maxValue(10_000, 'must be at most 10000 campaign messages per second (0 = unlimited)')), '10'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: url(['http:', 'https:'], 'http(s)'),
  // Sending invoices to KSeF: off unless KSEF_URL is set; then KSEF_TOKEN is required (checked below).
  KSEF_URL: url(['http:', 'https:'], 'http(s)'),
  KSEF_TOKEN: optionalText,
  KSEF_QR_URL: url(['http:', 'https:'], 'http(s)'),
  // Recordings in an S3-compatible bucket (MinIO, Garage, a cloud provider) instead of DATA_DIR: all four or none.
  S3_ENDPOINT: url(['http:', 'https:'], 'http(s)'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => s || 'us-east-1')), 'us-east-1'),
  // Segments from S3 as a redirect to a presigned URL (60 s at most) instead of streamed through the server.
  S3_REDIRECT: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['', 'true', 'false', '1', '0'], 'must be true or false'),
    v.transform((s) => s === 'true' || s === '1')), 'false'),
  // ffmpeg transcodes this instance runs at once (each takes every core); 0 = none: a web-only instance of several
  // leaves the work to the others (the tests' servers too, but those that watch a transcode).
  TRANSCODE_WORKERS: v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => s || '1'), v.regex(/^\d+$/, 'must be a number of transcodes at once (0 = none on this instance)'),
    v.transform(Number), v.maxValue(16, 'must be at most 16 transcodes at once (0 = none on this instance)')), '1'),
  // Password hashes and checks (bcrypt, in worker threads) that may wait for a thread; past it sign-in, registration and
  // password reset answer 503 busy with Retry-After at once rather than after a wait long enough to time out.
  PASSWORD_QUEUE_MAX: v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => s || '64'), v.regex(/^\d+$/, 'must be a number of password checks that may wait (0 = none wait)'),
    v.transform(Number), v.maxValue(100_000, 'must be at most 100000 password checks waiting')), '64'),
  SITE_NAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')), 'Gestalt Online'),
  TRUST_PROXY: v.optional(v.pipe(v.string(), v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseTrustProxy(dataset.value);
    if (parsed === null) {
      addIssue({ message: 'must be off, a hop count or a comma-separated list of proxy addresses or CIDRs' });
      return NEVER;
    }
    return parsed;
  })), 'off'),
  // An upgrade whose backup before migrating cannot be taken (pg_dump missing or failing) migrates anyway only when set;
  // else the server stays in maintenance (src/server/upgrade.ts).
  MIGRATE_WITHOUT_BACKUP: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['', 'true', 'false', '1', '0'], 'must be 1 or 0 (true or false)'),
    v.transform((s) => s === 'true' || s === '1')), 'false'),
  NODE_ENV: optionalText,
  // When the Docker image was built (its Dockerfile's ARG/ENV), shown on the admin's system page; unset outside the image.
  IMAGE_BUILT_AT: v.optional(v.pipe(v.string(), v.trim(), v.transform((s) => (s === '' ? undefined : s)),
    v.check((s) => s === undefined || !Number.isNaN(Date.parse(s)), 'must be a date and time (ISO 8601, e.g. 2026-12-07T10:00:00Z)'))),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be one of fatal, error, warn, info, debug, trace, silent'), 'info'),
  ...backupEnv,
});

type Parsed = v.InferOutput<typeof EnvSchema>;

/**
 * `PUBLIC_URL` is the only source of absolute URLs (mail links, canonical URLs, redirects), never the
 * request's Host header, so it is always set: `PUBLIC_URL_DEFAULTED` says it was filled in for development.
 */
export type Config = Omit<Parsed, 'JWT_SECRET' | 'PUBLIC_URL' | 'TRUST_PROXY' | 'BACKUP_DIR'> & {
  JWT_SECRET: string; DATA_DIR: string; BACKUP_DIR: string; PUBLIC_URL: string; PUBLIC_URL_DEFAULTED: boolean; TRUST_PROXY: TrustProxy;
};

/** The admin address of a development install that names none (NODE_ENV other than production, ADMIN_EMAILS unset). */
export const DEV_ADMIN_EMAIL = 'admin@localhost';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * The host a visitor of a development install browses when PUBLIC_URL is unset: the session cookie belongs to
 * PUBLIC_URL's host, so with HOST=127.0.0.1 a default of localhost lost the session at the payment hand-off.
 * A wildcard address is not browsable: it stands for localhost.
 */
export function browsedHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Validates the environment. Throws ConfigError naming the first bad variable; never echoes its value. */
export function parseEnv(env: Record<string, string | undefined>): Omit<Config, 'JWT_SECRET'> & { JWT_SECRET?: string } {
  const picked = Object.fromEntries(Object.keys(EnvSchema.entries).map((k) => [k, env[k]]).filter(([, value]) => value !== undefined));
  const result = v.safeParse(EnvSchema, picked, { abortEarly: true });
  if (!result.success) {
    const issue = result.issues[0];
    const name = v.getDotPath(issue) ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const out = result.output;
  if (!out.SERVER_CERT_PATH !== !out.SERVER_KEY_PATH) {
    throw new ConfigError(`Invalid configuration: ${out.SERVER_CERT_PATH ? 'SERVER_KEY_PATH' : 'SERVER_CERT_PATH'} must be set too: https needs both the certificate and its key`);
  }
  if (out.KSEF_URL && !out.KSEF_TOKEN) {
    throw new ConfigError("Invalid configuration: KSEF_TOKEN must be set with KSEF_URL (the seller's KSeF token, generated in KSeF for sending invoices)");
  }
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = s3.filter((name) => out[name]);
  if (s3Set.length > 0 && s3Set.length < s3.length) {
    throw new ConfigError(`Invalid configuration: ${s3.find((name) => !out[name])} must be set too: recordings in S3 need S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`);
  }
  if (out.DRILL_OVERDUE_DAYS < 1) throw new ConfigError('Invalid configuration: DRILL_OVERDUE_DAYS must be a number of days, 1-365');
  if (!out.PUBLIC_URL && out.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: PUBLIC_URL must be set in production, to the address visitors use (e.g. https://gestalt.example.org)');
  }
  return {
    ...out,
    // Development without ADMIN_EMAILS: the first start makes admin@localhost's account, so that address is admin.
    ADMIN_EMAILS: out.ADMIN_EMAILS.length === 0 && out.NODE_ENV !== 'production' ? [DEV_ADMIN_EMAIL] : out.ADMIN_EMAILS,
    PUBLIC_URL: out.PUBLIC_URL ? new URL(out.PUBLIC_URL).origin : `http://${browsedHost(out.HOST)}:${out.PORT}`,
    PUBLIC_URL_DEFAULTED: !out.PUBLIC_URL,
    DATA_DIR: resolve(out.DATA_DIR), MEDIA_DIR: resolve(out.MEDIA_DIR), JWT_SECRET: out.JWT_SECRET || undefined,
    BACKUP_DIR: resolve(out.BACKUP_DIR ?? join(out.DATA_DIR, 'backups')),
  };
}

/** Keeps a generated signing secret in DATA_DIR so sessions survive restarts without configuration. */
export function ensureJwtSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env);
  return { ...parsed, JWT_SECRET: parsed.JWT_SECRET ?? ensureJwtSecret(parsed.DATA_DIR) };
}
