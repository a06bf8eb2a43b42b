export { createUserMemory, RECHECK_MS, type LogFreshness, type UserMemory } from './user-memory.ts';
export { createInvalidation, type Invalidation } from './invalidation.ts';
/** Whom events concern, as their deciders declare it (the kernel's): what the memory of each user drops. */
export { usersConcerned } from '../kernel/index.ts';
