// What the mail benchmarks share: a loopback SMTP server that counts messages by Message-ID, and verified users
// written straight into the accounts read model (set-up, not measured).
import { randomUUID } from 'node:crypto';
import { sql, type QueryExecutorProvider } from 'kysely';
import { SMTPServer } from 'smtp-server';

/** Counts messages by Message-ID without parsing them (the relay's cost must not be the benchmark's). */
export async function countingRelay() {
  const seen = new Map<string, number>();
  let received = 0;
  let onMessage = () => {};
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false, disableReverseLookup: true, closeTimeout: 200,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => { if (head.length < 4096) head += chunk.toString('latin1'); });
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? `(none ${received})`;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        received += 1;
        onMessage();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    unique: () => seen.size,
    untilUnique: (count: number) => new Promise<void>((resolve) => {
      onMessage = () => { if (seen.size >= count) resolve(); };
      onMessage();
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `count` verified users with an address, written straight into the accounts read model; answers their ids. */
export async function addRecipients(db: QueryExecutorProvider, count: number, language: (i: number) => 'pl' | 'en' = () => 'pl'): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const languages = ids.map((_, i) => language(i));
  for (let from = 0; from < count; from += 1000) {
    const slice = ids.slice(from, from + 1000);
    await sql`insert into users (id, status, language, token_version, registered_at, verified_at)
      select id, 'verified', lang, 0, now(), now() from unnest(${slice}::text[], ${languages.slice(from, from + 1000)}::text[]) as t(id, lang)`.execute(db);
    await sql`insert into user_personal_data (user_id, name, email, email_key, phone, password_hash)
      select id, 'Bench Reader', id || '@bench.example', id || '@bench.example', '+48 600 000 000', 'x' from unnest(${slice}::text[]) as id`.execute(db);
  }
  return ids;
}
