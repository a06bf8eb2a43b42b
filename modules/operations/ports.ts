import type { OutsideStatus, OutsideSystem } from '../shared/outside/index.ts';

/** What the build wrote (scripts/build-info.mjs), and the image's build time when the server runs in the image. */
export type BuildFacts = { version: string; commit: string | null; builtAt: string | null; imageBuiltAt: string | null };

/** One outbox topic's work as the system page counts it: due now (pending, its time come), failed, and the oldest due one's due time. */
export type TopicBacklog = { topic: string; due: number; failed: number; oldestDueSince: Date | null };

/** A worker of the outbox and its topics; `topics: null` is the general worker: every topic no other lane takes. */
export type Lane = { name: string; topics: readonly string[] | null };

/** A follower of the event log: how many events it has not applied yet, and when the first of them was recorded. */
export type FollowerLag = { name: string; behindBy: number; oldestUnreadAt: Date | null };

/** The last backup and the last verified restore (modules/backup's drill, wired by the composition root). */
export type BackupFacts = {
  lastBackupAt: Date | null; lastVerifiedRestoreAt: Date | null;
  /** The last drill, when it failed (absent or null: it passed, or none ran), with its message. */
  lastDrillFailed?: { at: Date; message: string } | null;
};

/**
 * What the system page asks of the rest of the shop, handed in by the composition root (src/server/modules.ts):
 * nothing here reaches a module or a table of its own.
 */
export type OperationsPorts = {
  build(): BuildFacts;
  /** Migration names the database has applied (in the order they ran), and those this code knows. */
  migrations(): Promise<{ applied: readonly string[]; known: readonly string[] }>;
  database: {
    kind: 'pglite' | 'postgres';
    /** Bytes: pg_database_size on PostgreSQL, the data directory's files on PGlite. */
    size(): Promise<number>;
    /** This instance's pool; on PostgreSQL also the server's connections in use and its max_connections. */
    connections(): Promise<{ pool: number; inUse: number | null; max: number | null }>;
  };
  outbox(): Promise<TopicBacklog[]>;
  lanes: readonly Lane[];
  followers(): Promise<FollowerLag[]>;
  /** Free and total bytes of the file system holding DATA_DIR. */
  disk(): Promise<{ free: number; total: number }>;
  outside(): Promise<OutsideStatus[]>;
  /** Which outside systems are configured (the others run on their local stand-in, or are off). */
  configured: Record<OutsideSystem, boolean>;
  publicUrl: { url: string; defaulted: boolean };
  /** modules/backup's backups and drills (status()); without it (a script's wiring) the report's `backup` group is empty. */
  backup?: () => Promise<BackupFacts>;
  clock?: () => Date;
};
