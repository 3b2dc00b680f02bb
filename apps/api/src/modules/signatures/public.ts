/**
 * What other modules may use of `signatures` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { resetOutdatedSignatures, signaturesComplete } from './completion.js';
export { InvitationService, inviteStatusOf, type FoundInvitation, type InvitedBy } from './invitation-service.js';
export { signatureStatusFollowers } from './status-followers.js';
export { SIGNING_COMPLETE_CHECK } from './job-types.js';
