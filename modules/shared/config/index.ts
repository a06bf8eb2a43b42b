export { ConfigError, ensureJwtSecret, loadConfig, parseEnv, type Config } from './config.ts';
export { isTrustedProxy, parseTrustProxy, plainAddress, type TrustProxy } from './trust-proxy.ts';
