/**
 * Routes that read their own body as a stream of bytes (an admin's upload), up to their own limit, checked after
 * the caller is known (src/server/upload.ts): the edge leaves the body unread, and the front server lets the body take
 * as long as it keeps moving (body-deadlines.ts). A module of its own, free of Astro's build-time imports, because the
 * front server (and every plain-Node script that reaches it) needs it too.
 */
export const STREAMED_BODIES = new Set(['/api/admin/media', '/api/admin/attendance/[productKey]/import', '/api/admin/uploads/[...id]']);

/** Whether a request path is one of STREAMED_BODIES' routes (for the front server, which knows paths, not routes). */
export const streamsItsBody = (pathname: string) =>
  pathname === '/api/admin/media' || pathname.startsWith('/api/admin/uploads/') || pathname === '/api/admin/uploads'
  || /^\/api\/admin\/attendance\/[^/]+\/import$/.test(pathname);
