import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordPool, type PasswordPool } from '../../../modules/accounts/password-pool.ts';
import { DomainError } from '../../../modules/shared/kernel/index.ts';

/** The pool that hashes and checks passwords in worker threads (modules/accounts/password-pool.ts). */
const pools: PasswordPool[] = [];
const pool = (options: Parameters<typeof createPasswordPool>[0]) => {
  const made = createPasswordPool(options);
  pools.push(made);
  return made;
};
afterEach(async () => { await Promise.all(pools.splice(0).map((p) => p.close())); });

const settle = <T>(work: Promise<T>) => work.then((value) => ({ value }), (error: unknown) => ({ error }));

describe('the password pool', () => {
  it('makes the hashes bcryptjs makes and reads: cost 12, $2b$, and the hashes of existing accounts still match', async () => {
    const passwords = pool({ queueMax: 4, size: 1 });
    const hash = await passwords.hash('pierwsze hasło');
    expect(hash).toMatch(/^\$2b\$12\$[./A-Za-z0-9]{53}$/);
    expect(bcrypt.compareSync('pierwsze hasło', hash)).toBe(true);
    expect(bcrypt.compareSync('pierwsze haslo', hash)).toBe(false);
    // A hash made before the pool, on the event loop, by bcryptjs (a user who registered before this change).
    const before = bcrypt.hashSync('secret123', 4);
    expect(await passwords.check('secret123', before)).toBe(true);
    expect(await passwords.check('secret1234', before)).toBe(false);
    // bcrypt reads 72 bytes of a password, in the pool as in bcryptjs.
    const long = bcrypt.hashSync('x'.repeat(72), 4);
    expect(await passwords.check(`${'x'.repeat(72)}tail`, long)).toBe(bcrypt.compareSync(`${'x'.repeat(72)}tail`, long));
    // The first admin's one-character placeholder is no bcrypt hash: no password matches it, nothing throws.
    expect(await passwords.check('', '!')).toBe(false);
  });

  it('keeps at most queueMax jobs waiting and refuses the next at once with busy and a Retry-After in whole seconds', async () => {
    const passwords = pool({ queueMax: 2, size: 1, cost: 4 });
    const hash = bcrypt.hashSync('abcdef', 4);
    // One is worked on, two wait, the other three are refused.
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => settle(passwords.check(i % 2 ? 'abcdef' : 'wrong', hash))));
    expect(burst.slice(0, 3)).toEqual([{ value: false }, { value: true }, { value: false }]);
    for (const refused of burst.slice(3)) {
      expect(refused).toHaveProperty('error');
      const error = (refused as { error: DomainError }).error;
      expect(error).toBeInstanceOf(DomainError);
      expect(error.code).toBe('busy');
      expect(Number.isInteger(error.data['retryAfter']) && (error.data['retryAfter'] as number) >= 1).toBe(true);
    }
    expect(passwords.waiting()).toBe(0);
    passwords.assertRoom();
    // The queue drained: the next one is taken again.
    expect(await passwords.check('abcdef', hash)).toBe(true);
  });

  it('says busy before any work is handed in when one more job would be refused, and not while there is room', async () => {
    const passwords = pool({ queueMax: 1, size: 1, cost: 4 });
    passwords.assertRoom();
    const first = passwords.hash('a');
    passwords.assertRoom();
    const second = passwords.hash('b');
    let refused: unknown;
    try { passwords.assertRoom(); } catch (error) { refused = error; }
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('busy');
    await Promise.all([first, second]);
    passwords.assertRoom();
  });

  it('works with as many threads as it is given, each job answered with its own result', async () => {
    const passwords = pool({ queueMax: 20, size: 3, cost: 4 });
    const words = Array.from({ length: 12 }, (_, i) => `hasło-${i}`);
    const hashes = await Promise.all(words.map((w) => passwords.hash(w)));
    expect(hashes.every((h, i) => bcrypt.compareSync(words[i]!, h) && h.startsWith('$2b$04$'))).toBe(true);
    const checks = await Promise.all(words.map((w, i) => passwords.check(w, hashes[(i + 1) % words.length]!)));
    expect(checks).toEqual(words.map(() => false));
  });

  it('with a queue of 0 takes only what a free thread can start', async () => {
    const passwords = pool({ queueMax: 0, size: 1, cost: 4 });
    const [first, second] = await Promise.all([settle(passwords.hash('a')), settle(passwords.hash('b'))]);
    expect(first).toHaveProperty('value');
    expect((second as { error: DomainError }).error.code).toBe('busy');
  });

  it('refuses work once closed', async () => {
    const passwords = pool({ queueMax: 1, size: 1, cost: 4 });
    await passwords.hash('a');
    await passwords.close();
    await expect(passwords.hash('b')).rejects.toThrow('closed');
  });
});
