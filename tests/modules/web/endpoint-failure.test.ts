import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../modules/shared/kernel/index.ts';
import { endpoint, type EndpointContext } from '../../../src/server/endpoint.ts';

/** A route called as the edge hands it over: an admin's session, the language already chosen, a logger that records. */
function call(route: ReturnType<typeof endpoint>, lang: 'pl' | 'en') {
  const logged: unknown[] = [];
  const context = {
    request: new Request('http://gestalt.test/api/users/u1', { method: 'DELETE' }),
    url: new URL('http://gestalt.test/api/users/u1'),
    params: { id: 'u1' },
    locals: {
      lang, requestId: 'r1', user: { id: 'a1', name: 'A', email: 'a@example.com', phone: '1', role: 'admin' },
      runtime: { services: {}, log: { error: (...args: unknown[]) => logged.push(args) } },
    },
  } as unknown as EndpointContext;
  return { answer: route(context).then(async (r) => [r.status, await r.json()]), logged };
}

describe('endpoint(): an unexpected failure', () => {
  const failing = (failure?: 'admin.deleteFailed') => endpoint({
    auth: 'admin', ...(failure ? { failure } : {}), handle: async () => { throw new Error('database gone'); },
  });

  it('answers 500 with the route\'s failure message in the caller\'s language, and logs the error', async () => {
    const pl = call(failing('admin.deleteFailed'), 'pl');
    expect(await pl.answer).toEqual([500, { message: 'Błąd podczas usuwania.' }]);
    expect(pl.logged).toHaveLength(1);
    expect(await call(failing('admin.deleteFailed'), 'en').answer).toEqual([500, { message: 'Error while deleting.' }]);
  });

  it('is left to the edge (its generic 500) when the route names no failure message', async () => {
    await expect(call(failing(), 'pl').answer).rejects.toThrow('database gone');
  });

  it('does not turn a refusal of the error table into the failure message', async () => {
    const refusing = endpoint({ auth: 'admin', failure: 'admin.deleteFailed', handle: async () => { throw new DomainError('cannot-delete-admin'); } });
    expect(await call(refusing, 'en').answer).toEqual([403, { message: 'An administrator account cannot be deleted.' }]);
  });
});
