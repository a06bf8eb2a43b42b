import type { OutsideCalls } from '../../shared/outside/index.ts';
import { localStorage } from './local.ts';
import { s3Storage, type S3Settings } from './s3.ts';
import type { Storage } from './types.ts';

export { localStorage } from './local.ts';
export { MIN_PART_BYTES, PART_BYTES, s3Client, s3ClientConfig, s3SettingsOf, s3Storage, watchS3, type S3Settings } from './s3.ts';
export { byteRange, checkedKey, type Opened, type Storage } from './types.ts';

/** S3 when its settings are given (all four, checked by the configuration), else the folder under DATA_DIR; `outside` notes S3's outcomes. */
export const storageFor = (localRoot: string, s3: S3Settings | null, outside?: OutsideCalls): Storage => (s3 ? s3Storage(s3, { outside }) : localStorage(localRoot));
