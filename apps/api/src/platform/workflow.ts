import type { AvailableMove } from '@finportal/contracts/application/workflow';
import type { RawStatus } from '@finportal/contracts/statuses';
import type { Db } from '../db/client.js';
import type { Actor } from './actor.js';

/**
 * The port of the application's one status command (issue 24, ADR 021): every module moves an
 * application through `ctx.workflow`, which `modules/applications/workflow.ts` implements and
 * app.ts builds with the facts other modules provide (the signatures' completeness). Platform
 * holds only the shape, so that any module can call it without importing another module.
 */
export interface MoveRequest {
  actor: Actor;
  applicationId: string;
  to: string;
  /** Why (kept in the status history): staff give one; the system names its cause. */
  reason?: string | null;
}

export interface MoveResult {
  applicationId: string;
  from: RawStatus;
  to: RawStatus;
}

export interface WorkflowPort {
  /** Performs the move inside `db`'s transaction (the caller's), or throws the workflow's refusal. */
  move(db: Db, request: MoveRequest): Promise<MoveResult>;
  /** Performs the move in a transaction of its own. */
  run(request: MoveRequest): Promise<MoveResult>;
  /**
   * The moves `actor` may make from the application's status now, each with the code of the first
   * guard that blocks it (null: open). 404 for an actor who may not see the application.
   */
  available(db: Db, applicationId: string, actor: Actor): Promise<AvailableMove[]>;
}
