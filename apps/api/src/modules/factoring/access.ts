import { sql } from 'drizzle-orm';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import { canEditFactoring } from '@finportal/contracts/factoring';
import type { RuleError } from '@finportal/contracts/rule-error';
import { rowsOf, type Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { allowedUpdatesFor } from '@finportal/contracts/application/policies';
import { ApplicationsService, type ApplicationAccess } from '../applications/public.js';
import { checksFor } from '@finportal/contracts/partner-products';
import type { DetailsRow } from './details.js';

/** 400 with every issue of a rule function (nothing stored). */
export function rulesFailed(issues: readonly (RuleError & { field: string })[]): AppError {
  const items = issues.map(({ code, field, values }): ApiErrorItem => ({ code, field, ...(values ? { values } : {}) }));
  return new AppError(issues[0]!.code, 400, items);
}

/** The details are required when the partner checks the factoring step before submission. */
export const detailsRequired = (partner: Partner) => checksFor(partner, 'factoring').has('factoring');

/**
 * Access to the factoring part of an application (issue 12, ADR 018), shared by the details, the
 * debtors, the new companies and the import: the application if the user may see it (404
 * otherwise), a factoring application (409 `err_factoring_not_applicable` otherwise), and for
 * writes the `debitor` permission of allowed_updates (403), checked again under the application's
 * row lock, so a write that raced a submission is refused.
 */
export class FactoringAccess {
  private readonly applications: ApplicationsService;

  constructor(ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  async read(partner: Partner, user: SessionUser, id: string): Promise<ApplicationAccess> {
    const access = await this.applications.access(partner, user, id);
    if (access.record.product_type !== 'factoring') throw new AppError('err_factoring_not_applicable', 409);
    return access;
  }

  async write(partner: Partner, user: SessionUser, id: string): Promise<ApplicationAccess> {
    const access = await this.read(partner, user, id);
    if (!canEditFactoring(access.allowed)) throw new AppError('err_no_permission', 403);
    return access;
  }

  /** Locks the application row until the transaction ends and answers its factoring columns (403 when no longer editable). */
  async lock(tx: Db, access: ApplicationAccess): Promise<DetailsRow & { status: string }> {
    const [locked] = rowsOf<DetailsRow & { status: string }>(
      await tx.execute(sql`
        SELECT status, has_international_customers, annual_sales_previous_year, annual_sales_previous_year_abroad,
               factoring_details
        FROM applications WHERE id = ${access.record.id} FOR UPDATE`),
    );
    if (!locked || !canEditFactoring(allowedUpdatesFor(locked.status, access.role))) {
      throw new AppError('err_no_permission', 403);
    }
    return locked;
  }
}
