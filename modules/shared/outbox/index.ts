export { createOutboxWorker, defaultBackoff, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from './worker.ts';
export { groupCommit } from './group.ts';
