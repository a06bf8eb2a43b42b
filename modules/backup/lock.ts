// One backup at a time per DATA_DIR: a lock file made with O_EXCL holding the owner's pid. A lock whose process is
// gone (a killed backup) is taken over, so a kill never blocks the next night's backup.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BackupError } from './errors.ts';

export function alive(pid: number): boolean {
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

/**
 * Removes the unfinished files (`.<name>.<pid>.partial`) that backups killed in `folder` left, their process gone:
 * a SIGKILL runs no cleanup, and each left behind is as large as a backup. One still being written is kept.
 */
export function sweepPartials(folder: string): void {
  for (const name of readdirSync(folder)) {
    const pid = Number(/^\..+\.(\d+)\.partial$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(folder, name), { force: true });
  }
}
