// One backup at a time per DATA_DIR: a lock file made with O_EXCL holding the owner's pid. A lock whose process is
// gone (a killed backup) is taken over, so a kill never blocks the next night's backup.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupError } from './errors.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function takeLock(dataDir: string): () => void {
  const file = join(dataDir, 'backup.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid && alive(pid)) throw new BackupError('locked', `Another backup is running (process ${pid}, lock file ${file}). Wait for it to finish.`);
      rmSync(file, { force: true });
    }
  }
  throw new BackupError('locked', `Could not take the backup lock ${file}.`);
}
