import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fold, likeLiteral } from '../../../modules/accounts/search.ts';
import { accountsInstance } from '../../support/accounts-module.ts';
import { backends, openMigrated } from '../../support/databases.ts';

describe('the users search text', () => {
  it('folds case and Polish marks the way SQL does', () => expect(fold('ŻÓŁW Gęś')).toBe('zolw ges'));
  it('escapes LIKE wildcards and the escape character', () => expect(likeLiteral('100%_a\\b')).toBe('100\\%\\_a\\\\b'));
});

describe.each(backends)('the admin searches users on $name', (backend) => {
  let handle: Awaited<ReturnType<typeof openMigrated>>;
  beforeEach(async () => { handle = await openMigrated(backend); });
  afterEach(async () => handle?.close());

  const people = [
    { name: 'Żaneta Żółwińska', email: 'zaneta@example.com', phone: '+48 601 222 333' },
    { name: 'Procent Pewny', email: 'procent@example.com', phone: '500100200' },
    { name: 'Anna Nowak', email: 'under_score@example.com', phone: '+48 602-444-555' },
    { name: 'Back Slash', email: 'back@example.com', phone: '+48 603 000 111' },
    { name: 'Jan Zwykły', email: 'JAN@Example.com', phone: '+48 604 777 888' },
  ];
  async function setup() {
    const { accounts } = accountsInstance(handle);
    for (const p of people) await accounts.register({ ...p, password: 'pierwsze' }, { ip: `10.0.0.${p.phone.length}`, language: 'pl' });
    // Names stored before today's name rule may hold any character: two such, to look for the wildcards.
    await handle.db.updateTable('user_personal_data').set({ name: 'Procent 100% Pewny' }).where('email', '=', 'procent@example.com').execute();
    await handle.db.updateTable('user_personal_data').set({ name: 'Back\\Slash' }).where('email', '=', 'back@example.com').execute();
    return async (search: string) => (await accounts.users(search)).map((u) => u.name);
  }

  it('finds by part of the name, whatever the case and the Polish marks', async () => {
    const find = await setup();
    expect(await find('zolwin')).toEqual(['Żaneta Żółwińska']);
    expect(await find('ŻANETA')).toEqual(['Żaneta Żółwińska']);
    expect(await find('jan zwyk')).toEqual(['Jan Zwykły']);
  });

  it('finds by part of the e-mail address and by the phone whatever its spacing', async () => {
    const find = await setup();
    expect(await find('jan@example')).toEqual(['Jan Zwykły']);
    expect(await find('601222')).toEqual(['Żaneta Żółwińska']);
    expect(await find('+48 602 444')).toEqual(['Anna Nowak']);
    expect(await find('444-555')).toEqual(['Anna Nowak']);
  });

  it('takes %, _ and \\ as the characters themselves, not as wildcards', async () => {
    const find = await setup();
    expect(await find('%')).toEqual(['Procent 100% Pewny']);
    expect(await find('_')).toEqual(['Anna Nowak']);
    expect(await find('\\')).toEqual(['Back\\Slash']);
    expect(await find('r_s')).toEqual(['Anna Nowak']);
    expect(await find('a_n')).toEqual([]);
  });

  it('answers everyone for an empty search and no one for a text nobody has', async () => {
    const find = await setup();
    expect(await find('  ')).toHaveLength(people.length);
    expect(await find('nikogo-takiego')).toEqual([]);
  });
});
