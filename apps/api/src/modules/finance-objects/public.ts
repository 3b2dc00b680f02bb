/**
 * What other modules may use of `finance-objects` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { FinanceObjectsService } from './service.js';
