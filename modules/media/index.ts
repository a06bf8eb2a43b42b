import { uploadStore } from './store.ts';

export { pictureSources, UPLOADS_URL, variantWidths } from './variants.ts';
export { MAX_UPLOAD_BYTES, type Uploaded } from './store.ts';

/**
 * Media: pictures and preview videos the institute uploads, checked by content, pictures re-encoded into
 * responsive variants without their metadata, all kept under `dir` by content hash. No events: a file is only
 * bytes under a name that never changes; what a product or facilitator shows is its own event.
 */
export function createMedia(options: { dir: string }) {
  return uploadStore(options.dir);
}

export type Media = ReturnType<typeof createMedia>;
