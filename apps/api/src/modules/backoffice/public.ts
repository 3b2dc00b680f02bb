/**
 * What other modules may use of `backoffice` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { BackofficeService, StaffAccountError, createStaffUser } from './service.js';
