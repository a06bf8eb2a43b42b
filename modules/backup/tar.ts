// A minimal POSIX tar (ustar) writer and reader: regular files only, written and read in chunks so a recording of
// gigabytes never sits in memory. Plain tar keeps a backup readable by any `tar -x` when this code is gone.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';

const BLOCK = 512;
const CHUNK = 1 << 20;

export class TarError extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** A ustar header; a name over 100 bytes is split at a slash into prefix (155) and name (100). */
function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 1);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155) throw new TarError(`path too long for a backup: ${name}`);
  }
  block.write(base, 0);
  block.write(octal(0o600, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime / 1000), 12), 136);
  block.write('        ', 148);
  block.write('0', 156);
  block.write('ustar\x0000', 257);
  block.write(prefix, 345);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148);
  return block;
}

/** Writes members into an open file descriptor; each call answers the member's SHA-256. */
export function tarWriter(fd: number) {
  const pad = (size: number) => { if (size % BLOCK) writeSync(fd, Buffer.alloc(BLOCK - (size % BLOCK))); };
  return {
    addBuffer(name: string, data: Buffer, mtime = Date.now()): string {
      writeSync(fd, header(name, data.length, mtime));
      writeSync(fd, data);
      pad(data.length);
      return createHash('sha256').update(data).digest('hex');
    },
    addFile(name: string, path: string): { sha256: string; size: number } {
      const source = openSync(path, 'r');
      try {
        const { size, mtimeMs } = fstatSync(source);
        writeSync(fd, header(name, size, mtimeMs));
        const hash = createHash('sha256');
        const buffer = Buffer.alloc(CHUNK);
        let left = size;
        while (left > 0) {
          const n = readSync(source, buffer, 0, Math.min(CHUNK, left), null);
          if (n === 0) throw new TarError(`${path} shrank while it was being backed up`);
          writeSync(fd, buffer, 0, n);
          hash.update(buffer.subarray(0, n));
          left -= n;
        }
        pad(size);
        return { sha256: hash.digest('hex'), size };
      } finally {
        closeSync(source);
      }
    },
    end() { writeSync(fd, Buffer.alloc(BLOCK * 2)); },
  };
}

export type TarVisitor = {
  /** Called before a member's data; answers where its chunks go (or nothing to only hash it). */
  open(name: string, size: number): ((chunk: Buffer) => void) | void;
  close(name: string, sha256: string, size: number): void;
};

/** Reads every member of a tar file in order; a truncated file or a bad header throws TarError. */
export function readTar(path: string, visit: TarVisitor): void {
  const fd = openSync(path, 'r');
  try {
    const block = Buffer.alloc(BLOCK);
    const buffer = Buffer.alloc(CHUNK);
    let position = 0;
    const read = (target: Buffer, length: number) => {
      const n = readSync(fd, target, 0, length, position);
      if (n < length) throw new TarError('the backup file ends too early (truncated)');
      position += n;
    };
    for (;;) {
      read(block, BLOCK);
      if (block.every((b) => b === 0)) return;
      const stored = parseInt(block.toString('latin1', 148, 156).replace(/[\0 ]/g, ''), 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (stored !== sum) throw new TarError('the backup file has a damaged member header');
      const field = (start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
      const prefix = field(345, 155);
      const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
      const size = parseInt(field(124, 12).trim() || '0', 8);
      const sink = visit.open(name, size);
      const hash = createHash('sha256');
      let left = size;
      while (left > 0) {
        const n = Math.min(CHUNK, left);
        read(buffer, n);
        const chunk = buffer.subarray(0, n);
        hash.update(chunk);
        if (sink) sink(chunk);
        left -= n;
      }
      if (size % BLOCK) read(block, BLOCK - (size % BLOCK));
      visit.close(name, hash.digest('hex'), size);
    }
  } finally {
    closeSync(fd);
  }
}
