import { endpoint } from '../../server/endpoint.ts';

/** GET /api/users (admin): every user with name, e-mail, phone, role and purchased titles (spec 7). */
export const GET = endpoint({ auth: 'admin', handle: ({ services }) => services.accounts.users() });
