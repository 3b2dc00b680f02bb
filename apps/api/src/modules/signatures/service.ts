/**
 * What other modules may use of the signatures (issue 14, ADR 020). Append your exports here
 * (one line each); the module's parts stay in their own files.
 */
export { INVITE_SIGNERS, SIGNING_COMPLETE_CHECK } from './job-types.js';
