import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../modules/shared/kernel/index.ts';
import { translator } from '../../../src/i18n/index.ts';
import { ABANDONED_AFTER_MS, recordingUploads, sweepAbandonedUploads } from '../../../src/server/recording-uploads.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const base = 'http://127.0.0.1/api/admin/uploads';

describe('a finished upload the recordings module refuses', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'tus-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const uploadOf = (refusal: Error) => recordingUploads({
    dir, productExists: async () => true, log: pino({ level: 'silent' }),
    recordings: { acceptUpload: async () => { throw refusal; } },
  });
  const sendWhole = async (uploads: ReturnType<typeof uploadOf>) => {
    const who = { userId: 'admin-1', t: translator('en') };
    const made = await uploads.handle(new Request(base, { method: 'POST', headers: { ...TUS, 'upload-length': '4', 'upload-metadata': `productKey ${btoa('p')}` } }), who);
    const url = new URL(made.headers.get('location')!, base);
    return uploads.handle(new Request(url, { method: 'PATCH', body: 'abcd', headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } }), who);
  };

  it('given a refusal with a known code, when the last bytes arrive, then its status and message answer and the file is gone', async () => {
    const answer = await sendWhole(uploadOf(new DomainError('media-empty')));
    expect(answer.status).toBe(400);
    expect(JSON.parse(await answer.text())).toEqual({ message: translator('en')('media.empty') });
    expect(await readdir(dir)).toEqual([]);
  });

  it('given an unexpected failure, when the last bytes arrive, then 500 with a message in words', async () => {
    const answer = await sendWhole(uploadOf(new Error('disk on fire')));
    expect(answer.status).toBe(500);
    expect(JSON.parse(await answer.text())).toEqual({ message: 'The file could not be taken. Please try again.' });
  });
});

describe('abandoned uploads', () => {
  let dir: string;
  beforeEach(async () => { dir = join(mkdtempSync(join(tmpdir(), 'tus-')), 'tus'); await mkdir(dir); });
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('given one upload idle for more than a day and one that received bytes within it, when swept, then only the idle one is deleted', async () => {
    const now = Date.now();
    for (const id of ['idle', 'active']) {
      await writeFile(join(dir, id), 'bytes');
      await writeFile(join(dir, `${id}.json`), '{}');
    }
    const old = new Date(now - ABANDONED_AFTER_MS - 60_000);
    await utimes(join(dir, 'idle'), old, old);
    await utimes(join(dir, 'idle.json'), old, old);
    const recent = new Date(now - ABANDONED_AFTER_MS + 60_000);
    await utimes(join(dir, 'active.json'), old, old);
    await utimes(join(dir, 'active'), recent, recent);
    expect(await sweepAbandonedUploads(dir, now)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['active', 'active.json']);
  });

  it('given no folder yet, when swept, then nothing happens', async () => {
    expect(await sweepAbandonedUploads(join(dir, 'missing'))).toBe(0);
  });
});
