export { createOutboxWorker, defaultBackoff, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from './worker.ts';
export { addOrReschedule, addToOutbox, completeClaimsAfter, eraseMessagesMentioning, postponeClaim, renewClaim } from './queue.ts';
