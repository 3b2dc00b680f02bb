/**
 * What other modules may use of `representatives` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export {
  guaranteesRequired,
  isCurrentActor,
  listEntryOf,
  representativeContext,
  signatoryCustomFieldsOf,
  valuesOf,
  type SignatoryRow,
} from './records.js';
export { RepresentativesService } from './service.js';
export { loadSigning, providedDocument, sessionCovers, type SigningData } from './signing-states.js';
