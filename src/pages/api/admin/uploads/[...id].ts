import { endpoint } from '../../../../server/endpoint.ts';

/**
 * The tus endpoint of a recording's resumable upload (admin only, src/server/recording-uploads.ts): POST
 * /api/admin/uploads creates an upload (Upload-Length up to 20 GB, Upload-Metadata naming the productKey), HEAD
 * /api/admin/uploads/{id} tells its offset, PATCH sends the next bytes, DELETE drops it. Every request is checked:
 * 401 without a session, 403 for a user; the body streams to disk unread by the edge.
 */
const tus = endpoint({
  auth: 'admin',
  handle: ({ services, user, t, context }) => services.uploads.handle(context.request, { userId: user.id, t }),
});

export const POST = tus;
export const HEAD = tus;
export const PATCH = tus;
export const DELETE = tus;
export const OPTIONS = tus;
