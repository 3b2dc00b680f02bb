/**
 * What other modules may use of `applications` (issue 24: one explicit public file per module; the lint
 * lets another module import nothing else of it).
 */
export { ApplicationsService, type ApplicationAccess, type ApplicationRecord } from './service.js';
export { applicationStatusFollowers } from './status-followers.js';
export { ApplicationWorkflow, type WorkflowHooks } from './workflow.js';
export { statusChangedHandler, type StatusChangedEvent, type StatusSubscriber } from './workflow-events.js';
