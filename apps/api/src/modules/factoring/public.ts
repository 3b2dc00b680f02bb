/**
 * What other modules may use of `factoring` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { detailsOf, type DetailsRow } from './details.js';
export { DebitorsService, FactoringService } from './service.js';
