import * as v from 'valibot';
import { endpoint } from '../../server/endpoint.ts';
import { readQuery } from '../../server/query.ts';

/** `search`: up to 100 characters; `%`, `_` and `\` are looked for as they are. */
const UsersQuery = v.object({ search: v.optional(v.pipe(v.string(), v.maxLength(100, 'users-invalid-search'))) });

/**
 * GET /api/users (admin): every user with name, e-mail, phone, role and purchased titles (spec 7). Ours, added
 * compatibly: `?search=` keeps only those whose name, e-mail or phone contains the text (the answer's shape is the same).
 */
export const GET = endpoint({
  auth: 'admin',
  handle: ({ services, context }) => services.accounts.users(readQuery(context.url, UsersQuery).search),
});
