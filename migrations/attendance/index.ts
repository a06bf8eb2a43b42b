import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Attendance per (purchase, session) (modules/attendance/schema.ts), read by the admin's sheet and by summaryOf. */
const marks: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('attendance_marks')
      .addColumn('purchase_id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('product_key', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('present', 'boolean', (c) => c.notNull())
      .addColumn('minutes', 'integer')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('marked_by', 'text')
      .addColumn('marked_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('attendance_marks_key', ['purchase_id', 'session_id'])
      .execute();
    await db.schema.createIndex('attendance_marks_product').on('attendance_marks').column('product_key').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('attendance_marks').execute();
  },
};

export const attendanceMigrations: Record<string, Migration> = {
  'attendance_0001_marks': marks,
};
