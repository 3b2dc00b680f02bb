import { eq } from 'drizzle-orm';
import type { Application, CustomFieldEntry, UpdateCustomFieldsRequest } from '@finportal/contracts/applications';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import {
  definitionOf,
  fromSubmissionValue,
  stepsOf,
  toSubmissionValue,
  validateField,
  type FieldUi,
} from '@finportal/contracts/dynamic-forms';
import { applications, companies, type CustomFieldValue } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import { ApplicationsService } from '../applications/public.js';

/** New values replace old ones by field_id; a null value removes the field. */
function merge(existing: CustomFieldValue[], changes: CustomFieldEntry[]): CustomFieldValue[] {
  const byId = new Map(existing.map((c) => [c.field_id, c]));
  for (const c of changes) {
    if (c.field_value === null) byId.delete(c.field_id);
    else byId.set(c.field_id, c);
  }
  return [...byId.values()];
}

/**
 * PATCH /user/applications/{id}/custom_field_list (needs custom_fields): custom fields of the
 * partner's dynamic form for the application's loan type, validated with the same validator as
 * the wizard (values arrive converted: dates YYYY-MM-DD, percent as decimal, years as months),
 * stored by scope on the application or on the company, in the field's value type.
 */
export class CustomFieldsService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  async update(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: UpdateCustomFieldsRequest,
    ip: string,
  ): Promise<Application> {
    const access = await this.applications.access(partner, user, id);
    this.applications.requirePermission(access, 'custom_fields');
    const form = partner.dynamic_form;
    const fields = new Map<string, FieldUi>(
      form ? stepsOf(form, access.record.loan_type).flatMap((s) => s.fields.map((f) => [f.id, f] as const)) : [],
    );
    const errors: ApiErrorItem[] = [];
    const byScope: Record<'application' | 'company', CustomFieldEntry[]> = { application: [], company: [] };
    const latest = new Map(body.custom_fields.map((c) => [c.field_id, c]));
    for (const entry of latest.values()) {
      const field = fields.get(entry.field_id);
      const definition = form ? definitionOf(form, entry.field_id) : undefined;
      const where = `custom_fields.${entry.field_id}`;
      if (!field || !definition || definition.field_type !== 'custom' || definition.scope === 'signatory') {
        errors.push({ code: 'err_invalid_value', field: where });
        continue;
      }
      const entered = fromSubmissionValue(field, definition, entry.field_value);
      for (const e of validateField(field, definition, entered)) {
        errors.push({ code: e.code, field: where, ...(e.values ? { values: e.values } : {}) });
      }
      // Stored in the field's value type, as the wizard stores it ("30" → 30, "true" → true, text trimmed).
      byScope[definition.scope].push({
        field_id: entry.field_id,
        field_value: toSubmissionValue(field, definition, entered),
      });
    }
    if (errors.length) throw new AppError('err_validation_failed', 400, errors);

    // Merged with the values read under a row lock: concurrent edits of other fields are kept.
    await this.ctx.db.transaction(async (tx) => {
      const now = new Date();
      if (byScope.application.length) {
        const [row] = await tx
          .select({ customFields: applications.customFields })
          .from(applications)
          .where(eq(applications.id, access.record.id))
          .for('update');
        await tx
          .update(applications)
          .set({ customFields: merge(row?.customFields ?? [], byScope.application), updatedAt: now })
          .where(eq(applications.id, access.record.id));
      }
      if (byScope.company.length) {
        const [row] = await tx
          .select({ customFields: companies.customFields })
          .from(companies)
          .where(eq(companies.id, access.record.company_id))
          .for('update');
        await tx
          .update(companies)
          .set({ customFields: merge(row?.customFields ?? [], byScope.company), updatedAt: now })
          .where(eq(companies.id, access.record.company_id));
      }
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'application.custom_fields_updated',
        entity: 'application',
        entityId: access.record.id,
        data: { field_ids: [...latest.keys()] },
        ip,
      });
    });
    return this.applications.get(partner, user, id);
  }
}
