import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { probeFile } from '../../../modules/recordings/index.ts';
import { isDomainError } from '../../../modules/shared/kernel/index.ts';
import { backends, openMigrated } from '../../support/databases.ts';
import { recordingsOn } from './fixture.ts';

/** A seed demo recording (12 s WebM, 320×180): what every start adopts. */
const DEMO = join(import.meta.dirname, '..', '..', '..', 'media', 'recordings', 'recording-trauma.webm');

describe.each(backends)('the seed\'s recording files at start, on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  const apps: ReturnType<typeof recordingsOn>[] = [];
  /** One start of the server: the module on the same database, ffprobe counted. */
  const start = () => {
    const probed: string[] = [];
    const app = recordingsOn(handle, { probe: (path) => { probed.push(path); return probeFile(path); } });
    apps.push(app);
    return { ...app, probed };
  };
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => {
    await handle?.close();
    for (const app of apps.splice(0)) app.cleanup();
  });

  it('given a file never adopted, when the server starts, then it is probed once and queued; on the next start it is not probed again', async () => {
    const first = start();
    expect(await first.recordings.adoptFile('trauma', DEMO)).toBe(true);
    expect(first.probed).toHaveLength(1);
    expect((await first.recordings.statusOf('trauma')).job).toEqual({ state: 'queued', progress: 0, error: null });

    const second = start();
    expect(await second.recordings.adoptFile('trauma', DEMO)).toBe(false);
    expect(await second.recordings.adoptFile('trauma', DEMO)).toBe(false);
    expect(second.probed).toEqual([]);
  });

  it('given an upload already accepted, when its notice comes again or another upload comes while it waits, then neither is probed', async () => {
    const app = start();
    await app.recordings.adoptFile('trauma', DEMO);
    app.probed.length = 0;
    const copy = join(app.dataDir, 'again.webm');
    await copyFile(DEMO, copy);
    await app.recordings.acceptUpload({ productKey: 'trauma', uploadId: 'adopted-trauma', filePath: copy, size: 0, by: 'seed' });
    await copyFile(DEMO, copy);
    const busy = await app.recordings.acceptUpload({ productKey: 'trauma', uploadId: 'u2', filePath: copy, size: 0, by: 'admin-1' })
      .then(() => null, (e: unknown) => (isDomainError(e) ? e.code : e));
    expect(busy).toBe('recording-busy');
    expect(app.probed).toEqual([]);
  });
});
