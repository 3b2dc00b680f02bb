/**
 * What other modules may use of the signatures (issue 14, ADR 020). Append your exports here
 * (one line each); the module's parts stay in their own files.
 */
export { INVITE_SIGNERS, SIGNING_COMPLETE_CHECK } from './job-types.js';
export { SigningSteps } from './step-service.js';
export { SigningCompletion, type SignerSource } from './completion.js';
export { SESSION_COMPLETED } from './job-types.js';
export { InvitationService, inviteStatusOf, type FoundInvitation, type InvitedBy } from './invitation-service.js';
export { SIGNATURE_REMINDERS } from './job-types.js';
