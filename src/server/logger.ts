import pino from 'pino';
import { personReadable } from './log-format.ts';

/**
 * Errors keep their stack in the log; secrets in known places are redacted. `readable`: lines for a person at a
 * terminal (development), see log-format.ts; otherwise JSON, one object a line.
 */
export function createLogger(level: string, opts: { readable?: boolean } = {}) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'gestalt-online' },
    redact: { paths: ['password', 'newPassword', 'token', 'req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
  };
  return opts.readable ? pino(options, personReadable(process.stdout, { color: true })) : pino(options);
}

/** Readable lines in development when a person watches the terminal; JSON in production and whenever the output is piped or kept. */
export const readableLog = (nodeEnv: string | undefined) => nodeEnv !== 'production' && process.stdout.isTTY === true;

export type Logger = ReturnType<typeof createLogger>;
