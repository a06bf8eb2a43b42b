export { createOutboxWorker, defaultBackoff, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from './worker.ts';
export { addToOutbox, completeClaimsAfter, eraseMessagesMentioning, renewClaim } from './queue.ts';
