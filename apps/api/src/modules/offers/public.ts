/**
 * What other modules may use of `offers` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { annuity, rejectionValues, roundCents } from './service.js';
