import type { Migration } from 'kysely/migration';
import * as eventStore from './0001_event_store.ts';
import * as devMailbox from './0002_dev_mailbox.ts';
import * as documentCounters from './0003_document_counters.ts';
import * as outboxNotBefore from './0004_outbox_not_before.ts';
import * as outsideStatus from './0005_outside_status.ts';

export const sharedMigrations: Record<string, Migration> = {
  '0001_event_store': eventStore,
  '0002_dev_mailbox': devMailbox,
  '0003_document_counters': documentCounters,
  '0004_outbox_not_before': outboxNotBefore,
  '0005_outside_status': outsideStatus,
};
