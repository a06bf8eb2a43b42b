export { ConfigError, ensureJwtSecret, loadConfig, parseEnv, type Config } from './config.ts';
