export { ConfigError, DEV_ADMIN_EMAIL, ensureJwtSecret, loadConfig, parseEnv, type Config } from './config.ts';
export { isTrustedProxy, parseTrustProxy, plainAddress, type TrustProxy } from './trust-proxy.ts';
export { parseSmtpUrl, smtpUrlProblem, type SmtpSettings } from './smtp-url.ts';
