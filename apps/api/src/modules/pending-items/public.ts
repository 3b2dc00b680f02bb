/**
 * What other modules may use of `pending-items` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { computePendingItems, PendingItemsService } from './service.js';
