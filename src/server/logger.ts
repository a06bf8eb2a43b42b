import pino from 'pino';

/** Errors keep their stack in the log; secrets in known places are redacted. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: 'gestalt-online' },
    redact: { paths: ['password', 'newPassword', 'token', 'req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err },
  });
}

export type Logger = ReturnType<typeof createLogger>;
