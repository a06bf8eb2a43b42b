// Migrations the tests plant beside the real ones (issue 35): one run that does real work and then fails, and one
// that succeeds, standing for a newer version's. Named to sort after every real migration.
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Succeeds: a new table with a row, and a column added to a real table. */
export const plantedOk: Record<string, Migration> = {
  zz_9001_planted_newer: {
    async up(db) {
      await sql`create table planted_newer (id int primary key, note text not null)`.execute(db);
      await sql`insert into planted_newer values (1, 'from a newer version')`.execute(db);
      await sql`alter table users add column planted_flag boolean not null default false`.execute(db);
    },
  },
};

export const FAILING = 'zz_9002_planted_failure';

/** The one above, then one that changes rows and the schema before it fails: the whole run must be rolled back. */
export const plantedFailing: Record<string, Migration> = {
  ...plantedOk,
  [FAILING]: {
    async up(db) {
      await sql`update users set planted_flag = true`.execute(db);
      await sql`create index planted_users_flag on users (planted_flag)`.execute(db);
      await sql`drop table planted_newer`.execute(db);
      await sql`select * from no_such_table_planted_to_fail`.execute(db);
    },
  },
};
