/**
 * What other modules may use of `data-requests` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export {
  fulfilDocumentRequests,
  openRequestsOf,
  reopenRequestsFulfilledBy,
  requestsOf,
  withdrawDocumentRequests,
} from './records.js';
export { requestCopy } from './mail-copy.js';
