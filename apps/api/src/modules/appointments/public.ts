/**
 * What other modules may use of `appointments` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { AppointmentsService } from './service.js';
