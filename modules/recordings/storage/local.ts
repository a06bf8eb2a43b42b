import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { byteRange, checkedKey, type Storage } from './types.ts';

/** The default store: a folder (DATA_DIR/recordings). Several instances need it on a volume they all mount. */
export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, checkedKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return path;
  };
  const sizeOf = async (path: string) => {
    try {
      const s = await stat(path);
      return s.isFile() ? s.size : null;
    } catch {
      return null;
    }
  };
  return {
    kind: 'local',
    async putFile(key, path, opts) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      if (!opts?.move) return copyFile(path, target);
      try {
        await rename(path, target);
      } catch (error) {
        // Another file system (an upload folder on another volume): copied, then removed.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(path, target);
        await rm(path, { force: true });
      }
    },
    async putText(key, text) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside and renamed: a reader never sees half a playlist.
      await writeFile(`${target}.tmp`, text);
      await rename(`${target}.tmp`, target);
    },
    async readText(key) {
      try {
        return await readFile(pathOf(key), 'utf8');
      } catch {
        return null;
      }
    },
    async open(key, rangeHeader, head) {
      const path = pathOf(key);
      const size = await sizeOf(path);
      if (size === null) return null;
      const range = byteRange(rangeHeader, size);
      if (range === 'unsatisfiable') return { status: 416, size };
      const { start, end } = range ?? { start: 0, end: size - 1 };
      return { status: range ? 206 : 200, size, start, end, body: head || size === 0 ? null : createReadStream(path, { start, end }) };
    },
    async localCopy(key) {
      return pathOf(key);
    },
    async presignedUrl() {
      return null;
    },
    async deletePrefix(prefix) {
      await rm(join(base, checkedKey(prefix)), { recursive: true, force: true });
    },
  };
}
