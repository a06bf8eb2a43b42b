import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What s3rver (3.7) leaves out of multipart uploads and @tus/s3-store needs (it resumes an upload by asking S3 for the
 * parts it holds): ListParts, AbortMultipartUpload and ListMultipartUploads, answered from s3rver's own folder of
 * pending uploads (`<bucket>/._S3rver_uploads/<uploadId>/`: `key`, and each part as `<n>` with `<n>.md5`). Test-only,
 * path-style requests; the rest (signatures, creating, parts, completing) stays s3rver's.
 */
type Ctx = { method: string; path: string; query: Record<string, string | string[] | undefined>; status: number; body: unknown; type: string };

const xml = (name: string, inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<${name} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${name}>`;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const noSuchUpload = (ctx: Ctx) => {
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body = xml('Error', '<Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message>');
};

export function multipartListing(root: string) {
  const uploadsOf = (bucket: string) => join(root, bucket, '._S3rver_uploads');
  const exists = (path: string) => stat(path).then(() => true, () => false);

  return async (ctx: Ctx, next: () => Promise<void>) => {
    const [, bucket = '', ...rest] = decodeURIComponent(ctx.path).split('/');
    const key = rest.join('/');
    const uploadId = typeof ctx.query['uploadId'] === 'string' ? ctx.query['uploadId'] : null;
    if (ctx.method === 'GET' && key && uploadId) {
      const dir = join(uploadsOf(bucket), uploadId);
      if (!(await exists(dir))) return noSuchUpload(ctx);
      const numbers = (await readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number).sort((x, y) => x - y);
      const parts = await Promise.all(numbers.map(async (n) => {
        const [info, md5] = await Promise.all([stat(join(dir, String(n))), readFile(join(dir, `${n}.md5`), 'utf8').catch(() => '')]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
      }));
      ctx.type = 'application/xml';
      ctx.body = xml('ListPartsResult', `<Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><UploadId>${escape(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}`);
      return;
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      const dir = join(uploadsOf(bucket), uploadId);
      if (!(await exists(dir))) return noSuchUpload(ctx);
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && !key && bucket && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query['prefix'] === 'string' ? ctx.query['prefix'] : '';
      const ids = await readdir(uploadsOf(bucket)).catch(() => [] as string[]);
      const uploads = (await Promise.all(ids.map(async (id) => {
        const file = join(uploadsOf(bucket), id, 'key');
        const [k, info] = await Promise.all([readFile(file, 'utf8').catch(() => null), stat(file).catch(() => null)]);
        return k !== null && info && k.startsWith(prefix) ? `<Upload><Key>${escape(k)}</Key><UploadId>${escape(id)}</UploadId><Initiated>${info.mtime.toISOString()}</Initiated></Upload>` : '';
      }))).join('');
      ctx.type = 'application/xml';
      ctx.body = xml('ListMultipartUploadsResult', `<Bucket>${escape(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads}`);
      return;
    }
    await next();
  };
}
