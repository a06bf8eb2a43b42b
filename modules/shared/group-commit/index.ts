export { groupCommit, groupLoop, type GroupOptions } from './loop.ts';
