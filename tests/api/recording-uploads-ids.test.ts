import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../modules/catalogue/index.ts';
import { bearer, signUp } from '../support/accounts.ts';
import { startS3 } from '../support/s3.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { startSmtp } from '../support/smtp.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const key = DEMO_KEYS.shame;

/**
 * What a tus request may name, and who may end an upload: on files under DATA_DIR and on S3 alike, a name that is not
 * an upload id is refused before the store is touched, every refusal is `{ message }`, and only the uploader ends it.
 */
describe.each([{ name: 'files under DATA_DIR', s3: false }, { name: 'an S3 bucket', s3: true }])('upload names and ending an upload, on $name', ({ s3 }) => {
  let server: RunningServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let bucket: Awaited<ReturnType<typeof startS3>> | undefined;
  let ola: string;
  let ewa: string;
  beforeAll(async () => {
    smtp = await startSmtp();
    bucket = s3 ? await startS3() : undefined;
    server = await startServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'ola@example.com,ewa@example.com', TRANSCODE_WORKERS: '0', ...bucket?.env });
    ola = (await signUp(server, smtp, 'ola@example.com', 'Ola Nagrania')).token;
    ewa = (await signUp(server, smtp, 'ewa@example.com', 'Ewa Druga')).token;
  });
  afterAll(async () => { await server?.stop(); await smtp?.close(); await bucket?.stop(); });

  const tus = (method: string, path: string, token: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method, headers: { ...TUS, cookie: 'lang=en', ...bearer(token), ...headers } });
  const begin = async (token: string) => {
    const made = await tus('POST', '/api/admin/uploads', token, { 'upload-length': '10', 'upload-metadata': `productKey ${Buffer.from(key).toString('base64')}` });
    expect(made.status).toBe(201);
    return made.headers.get('location')!;
  };
  const offset = async (location: string, token = ola) => {
    const head = await tus('HEAD', location, token);
    return head.status === 200 ? head.headers.get('upload-offset') : head.status;
  };

  it('refuses a name that is not an upload id with 404 and a message, and leaves the upload as it was', async () => {
    const location = await begin(ola);
    const parts = async () => (s3 ? [] : await readdir(join(server.dataDir, 'recording-uploads')));
    const before = await parts();
    for (const name of [`${location}.json`, `${location}.info`, '/api/admin/uploads/..%2F..%2Fjwt-secret', '/api/admin/uploads/abc']) {
      const refused = await tus('DELETE', name, ola);
      expect([refused.status, await refused.json()]).toEqual([404, { message: 'There is no such upload: it may have finished or been cancelled. Choose the file again.' }]);
    }
    expect(await parts()).toEqual(before);
    expect(await offset(location)).toBe('0');
    const unknown = await tus('HEAD', '/api/admin/uploads/0123456789abcdef0123456789abcdef', ola);
    expect(unknown.status).toBe(404);
    const patched = await fetch(`${server.url}/api/admin/uploads/0123456789abcdef0123456789abcdef`, {
      method: 'PATCH', body: 'x', headers: { ...TUS, cookie: 'lang=pl', ...bearer(ola), 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    expect([patched.status, await patched.json()]).toEqual([404, { message: 'Nie ma takiego przesyłania: mogło się zakończyć albo zostać przerwane. Wybierz plik ponownie.' }]);
  });

  it('lets only the admin who began an upload end it', async () => {
    const location = await begin(ola);
    const other = await tus('DELETE', location, ewa);
    expect([other.status, await other.json()]).toEqual([403, { message: 'Someone else started this upload: only they can cancel it.' }]);
    expect(await offset(location)).toBe('0');
    expect((await tus('DELETE', location, ola)).status).toBe(204);
    expect(await offset(location)).toBe(404);
  });
});
