/**
 * What other modules may use of `company-search` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { indexCompany } from './service.js';
