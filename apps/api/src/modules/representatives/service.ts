import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CustomFieldEntry } from '@finportal/contracts/applications';
import type { ApiErrorItem } from '@finportal/contracts/errors';
import { emailFrozen } from '@finportal/contracts/application/policies';
import { isRegisterRepresentative, type RegisterPersonsResponse } from '@finportal/contracts/representative-register';
import {
  canAddRepresentative,
  canDeleteRepresentative,
  editableFieldGroups,
  forbiddenChanges,
} from '@finportal/contracts/representative-permissions';
import {
  listLimitIssues,
  representativeListIssues,
  type RepresentativeListEntry,
} from '@finportal/contracts/representative-list-rules';
import type {
  RepresentativeInput,
  RepresentativeValues,
  Signatory,
  SignatoriesResponse,
} from '@finportal/contracts/representative-schemas';
import {
  representativeIssues,
  representativeName,
  type RepresentativeContext,
  type RepresentativeIssue,
} from '@finportal/contracts/representatives';
import {
  changedCustomFields,
  customFieldIssues,
  customFieldPath,
  storedCustomFields,
  unknownCustomFields,
  withCustomFieldChanges,
  type CustomFieldIssue,
} from '@finportal/contracts/signatory-custom-fields';
import { rowsOf, type Db } from '../../db/client.js';
import { companies, signatories, signatureInvitations } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import {
  auditValues,
  columnsOf,
  guaranteesRequired,
  isCurrentActor,
  listEntryOf,
  representativeContext,
  signatoryCustomFieldsOf,
  signatoryOf,
  valuesOf,
  type SignatoryRow,
} from './records.js';
import type { SessionUser } from '../../platform/session.js';
import { loadSigning } from './signing-states.js';
import type { Partner } from '../../platform/tenancy.js';
import { allowedUpdatesFor } from '@finportal/contracts/application/policies';
import { ApplicationsService, type ApplicationAccess } from '../applications/public.js';

/** The 400 of a representative's field issues (its fields, then its custom fields). */
function fieldErrors(issues: readonly RepresentativeIssue[], custom: readonly CustomFieldIssue[] = []): AppError {
  const items: ApiErrorItem[] = [
    ...issues.map(({ code, field, values }): ApiErrorItem => ({ code, field, ...(values ? { values } : {}) })),
    ...custom.map(({ code, field_id, values }): ApiErrorItem => ({
      code,
      field: customFieldPath(field_id),
      ...(values ? { values } : {}),
    })),
  ];
  return new AppError((issues[0] ?? custom[0])!.code, 400, items);
}

const issueKey = (issue: { code: string; field?: string; field_id?: string }) =>
  `${issue.field ?? customFieldPath(issue.field_id ?? '')}:${issue.code}`;

/** The sum of the shares in hundredths of a percent. */
const totalShare = (list: readonly RepresentativeListEntry[]) =>
  list.reduce((sum, e) => sum + Math.round((e.percentage_owned ?? 0) * 10_000), 0);

/**
 * The API's 400 for a list that breaks a hard limit (shares above 100 %): only for a write that
 * raises the total (a list that was over the limit already may still be fixed step by step).
 */
function refuseLimit(before: readonly RepresentativeListEntry[], after: readonly RepresentativeListEntry[]) {
  const limit = listLimitIssues(representativeListIssues(after))[0];
  if (limit && totalShare(after) > totalShare(before)) {
    throw new AppError(limit.code, 400, [{ code: limit.code, field: 'percentage_owned', values: limit.values }]);
  }
}

/** The wire values a request sends (undefined: not sent), without its custom fields. */
function sentValues(body: RepresentativeInput): RepresentativeValues {
  const { custom_fields_list: _custom, ...fields } = body;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * The representatives of an application (spec 2 sections 3, 5, 6 and 7; ADR 014): list, add,
 * change and delete, with the field rules, the list's hard limit and the permissions of the
 * contracts, each write in one transaction with the application row locked (concurrent writes of
 * one application queue, so two adds cannot pass the 100 % together) and an audit entry.
 */
export class RepresentativesService {
  private readonly applications: ApplicationsService;

  constructor(private readonly ctx: AppContext) {
    this.applications = new ApplicationsService(ctx);
  }

  /** GET /user/applications/{id}/signatories */
  async list(partner: Partner, user: SessionUser, id: string): Promise<SignatoriesResponse> {
    const access = await this.applications.access(partner, user, id);
    const rows = await this.rows(this.ctx.db, access.record.id);
    return {
      signatories: await this.wire(partner, access, rows, user),
      guarantees_required: guaranteesRequired(partner, access.record.product_type),
    };
  }

  /** POST /user/applications/{id}/signatories (needs `signatory`). */
  async add(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: RepresentativeInput,
    ip: string,
  ): Promise<Signatory> {
    const access = await this.applications.access(partner, user, id);
    if (!canAddRepresentative(access.allowed)) throw new AppError('err_no_permission', 403);
    const values = sentValues(body);
    const customFields = signatoryCustomFieldsOf(partner, access.record.loan_type);
    const issues = representativeIssues(values, this.context(partner, access));
    const customIssues = [
      ...customFieldIssues(body.custom_fields_list, customFields),
      ...unknownCustomFields(body.custom_fields_list, customFields),
    ];
    if (issues.length || customIssues.length) throw fieldErrors(issues, customIssues);
    const creditScore = await this.creditScore(partner, values);

    const row = await this.ctx.db.transaction(async (tx) => {
      const rows = await this.lockedRows(tx, access);
      const inserted = (
        await tx
          .insert(signatories)
          .values({
            ...columnsOf(values),
            customFields: storedCustomFields(withCustomFieldChanges([], body.custom_fields_list ?? []), customFields),
            applicationId: access.record.id,
            partnerId: partner.key,
            creditScore,
            createdBy: user.id,
          })
          .returning()
      )[0]!;
      refuseLimit(rows.map(listEntryOf), [...rows, inserted].map(listEntryOf));
      if (inserted.isMainContact) await this.clearOtherMainContacts(tx, access.record.id, inserted.id);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'signatory.added',
        entity: 'signatory',
        entityId: inserted.id,
        data: {
          application_id: access.record.id,
          after: { ...auditValues(valuesOf(inserted)), custom_fields_list: inserted.customFields },
        },
        ip,
      });
      return inserted;
    });
    return (await this.wire(partner, access, [row], user))[0]!;
  }

  /** The wire of representatives, their signing steps computed from real data (issue 14, ADR 020), and their invitations. */
  private async wire(partner: Partner, access: ApplicationAccess, rows: SignatoryRow[], user: SessionUser) {
    const app = {
      id: access.record.id,
      productType: access.record.product_type,
      scannerConfigured: !!this.ctx.virusScanner,
    };
    const [{ states }, invitations] = await Promise.all([
      loadSigning(this.ctx.db, partner, app, { rows }),
      this.ctx.db
        .select({
          signatoryId: signatureInvitations.signatoryId,
          first: sql<Date>`min(${signatureInvitations.createdAt})`.mapWith(signatureInvitations.createdAt),
          last: sql<Date>`max(${signatureInvitations.createdAt})`.mapWith(signatureInvitations.createdAt),
          expires: sql<Date>`max(${signatureInvitations.expiresAt})`.mapWith(signatureInvitations.expiresAt),
        })
        .from(signatureInvitations)
        .where(eq(signatureInvitations.applicationId, access.record.id))
        .groupBy(signatureInvitations.signatoryId),
    ]);
    const invitationOf = (id: string) => {
      const found = invitations.find((i) => i.signatoryId === id);
      return found
        ? {
            first_sent_at: found.first.toISOString(),
            last_sent_at: found.last.toISOString(),
            expires_at: found.expires.toISOString(),
          }
        : null;
    };
    return rows.map((row) => signatoryOf(row, user, states.get(row.id), invitationOf(row.id)));
  }

  /**
   * PATCH /user/applications/{id}/signatories/{signatoryId}: the fields sent (the tax id alone,
   * the e-mail or phone alone, or the form). 403 when a sent field's group is not editable for
   * this user on this person (a field sent with its stored value is no change). The merged record
   * must pass the rules: each sent field, and no rule broken that was not broken before (a
   * record that lacks data the user may not change can still get its tax id). `is_main_contact:
   * true` moves the flag from the previous main contact. The custom fields sent replace their
   * stored answers by field id (null removes one), judged the same lenient way (ADR 014).
   */
  async update(
    partner: Partner,
    user: SessionUser,
    id: string,
    signatoryId: string,
    body: RepresentativeInput,
    ip: string,
  ): Promise<Signatory> {
    const access = await this.applications.access(partner, user, id);
    const row = await this.row(this.ctx.db, access.record.id, signatoryId);
    const actor = isCurrentActor(row, user);
    if (editableFieldGroups(access.allowed, actor).length === 0) throw new AppError('err_no_permission', 403);
    const sent = sentValues(body);
    const before = valuesOf(row);
    const customFields = signatoryCustomFieldsOf(partner, access.record.loan_type);
    const sentCustom = body.custom_fields_list ?? [];
    // The custom fields are fields of the representative's form: group `signatory`.
    const customChanged = changedCustomFields(
      row.customFields,
      storedCustomFields(withCustomFieldChanges(row.customFields, sentCustom), customFields),
    );
    const customForbidden = editableFieldGroups(access.allowed, actor).includes('signatory') ? [] : customChanged;
    // The e-mail of an invited or accepted card is the person's own: the applicant cannot redirect
    // someone else's invitation or signature to another address (ADR 021; staff correct it).
    const emailChanged =
      'email' in sent &&
      (typeof sent.email === 'string' ? sent.email.trim().toLowerCase() : sent.email) !==
        (row.email ? row.email.trim().toLowerCase() : row.email);
    const frozen = emailChanged && emailFrozen({ invite_status: row.inviteStatus }, actor) ? ['email'] : [];
    const forbidden = [
      ...new Set([...forbiddenChanges(before, sent, access.allowed, actor), ...frozen]),
      ...customForbidden.map(customFieldPath),
    ];
    if (forbidden.length) {
      throw new AppError(
        'err_no_permission',
        403,
        forbidden.map((field) => ({ code: 'err_no_permission', field })),
      );
    }
    const merged = { ...before, ...sent };
    const context = this.context(partner, access);
    const known = new Set(representativeIssues(before, context).map(issueKey));
    const issues = representativeIssues(merged, context).filter((i) => i.field in sent || !known.has(issueKey(i)));
    const sentIds = new Set(sentCustom.map((c) => c.field_id));
    const knownCustom = new Set(customFieldIssues(row.customFields, customFields).map(issueKey));
    const customIssues = [
      ...customFieldIssues(withCustomFieldChanges(row.customFields, sentCustom), customFields).filter(
        (i) => sentIds.has(i.field_id) || !knownCustom.has(issueKey(i)),
      ),
      ...unknownCustomFields(sentCustom, customFields),
    ];
    if (issues.length || customIssues.length) throw fieldErrors(issues, customIssues);
    const identityChanged = (['first_name', 'last_name', 'birthdate'] as const).some((f) => f in sent);
    const creditScore = identityChanged ? await this.creditScore(partner, merged) : row.creditScore;

    const updated = await this.ctx.db.transaction(async (tx) => {
      const rows = await this.lockedRows(tx, access);
      const current = rows.find((r) => r.id === row.id);
      if (!current) throw new AppError('err_entity_not_found', 404);
      // The fields whose stored value changes; a request that changes none (every field sent as
      // stored, or nothing sent) writes nothing: no update, no audit entry.
      const stored = valuesOf(current);
      const next = valuesOf({ ...current, ...columnsOf(sent) } as SignatoryRow);
      const changed = Object.keys(sent).filter(
        (f) => JSON.stringify(stored[f as never]) !== JSON.stringify(next[f as never]),
      );
      const nextCustom = storedCustomFields(withCustomFieldChanges(current.customFields, sentCustom), customFields);
      const customChanges = changedCustomFields(current.customFields, nextCustom);
      if (changed.length === 0 && customChanges.length === 0) return current;
      const [saved] = await tx
        .update(signatories)
        .set({
          ...columnsOf(sent),
          ...(customChanges.length ? { customFields: nextCustom } : {}),
          creditScore,
          updatedAt: new Date(),
        })
        .where(eq(signatories.id, row.id))
        .returning();
      refuseLimit(
        rows.map(listEntryOf),
        rows.map((r) => listEntryOf(r.id === row.id ? saved! : r)),
      );
      if (saved!.isMainContact && !current.isMainContact)
        await this.clearOtherMainContacts(tx, access.record.id, row.id);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'signatory.updated',
        entity: 'signatory',
        entityId: row.id,
        data: {
          application_id: access.record.id,
          before: { ...auditValues(pick(stored, changed)), ...customAudit(current.customFields, customChanges) },
          after: {
            ...auditValues(pick(valuesOf(saved!), changed)),
            ...customAudit(saved!.customFields, customChanges),
          },
        },
        ip,
      });
      return saved!;
    });
    return (await this.wire(partner, access, [updated], user))[0]!;
  }

  /** DELETE /user/applications/{id}/signatories/{signatoryId} (needs `signatory` and `signatory_other` or being that person). */
  async remove(partner: Partner, user: SessionUser, id: string, signatoryId: string, ip: string): Promise<void> {
    const access = await this.applications.access(partner, user, id);
    const row = await this.row(this.ctx.db, access.record.id, signatoryId);
    if (!canDeleteRepresentative(access.allowed, isCurrentActor(row, user))) {
      throw new AppError('err_no_permission', 403);
    }
    await this.ctx.db.transaction(async (tx) => {
      await this.lockedRows(tx, access);
      const deleted = await tx
        .delete(signatories)
        .where(and(eq(signatories.id, row.id), eq(signatories.applicationId, access.record.id)))
        .returning({ id: signatories.id });
      if (!deleted.length) throw new AppError('err_entity_not_found', 404);
      await audit(tx, {
        partnerId: partner.key,
        userId: user.id,
        action: 'signatory.deleted',
        entity: 'signatory',
        entityId: row.id,
        data: {
          application_id: access.record.id,
          before: { ...auditValues(valuesOf(row)), custom_fields_list: row.customFields },
        },
        ip,
      });
    });
  }

  /**
   * GET /user/applications/{id}/register_persons (beyond the spec, issue 10): the people the
   * company register knows for the application's company, when it was found through the
   * registry; each marked when a representative of that name (and birth date) is on the list.
   */
  async registerPersons(partner: Partner, user: SessionUser, id: string): Promise<RegisterPersonsResponse> {
    const access = await this.applications.access(partner, user, id);
    const [company] = await this.ctx.db
      .select({ provider: companies.externalProviderName, externalId: companies.externalProviderCompanyId })
      .from(companies)
      .where(eq(companies.id, access.record.company_id));
    const registry = this.ctx.companyRegistry;
    if (!company?.externalId || company.provider !== registry.name) return { source: null, persons: [] };
    const [persons, rows] = await Promise.all([
      registry.persons(company.externalId),
      this.rows(this.ctx.db, access.record.id),
    ]);
    const key = (first: string | null, last: string | null) =>
      representativeName({ first_name: first, last_name: last }).toLowerCase();
    return {
      source: registry.name,
      persons: persons.map((p) => ({
        person_id: p.id,
        first_name: p.first_name,
        last_name: p.last_name,
        roles: p.roles,
        representation: isRegisterRepresentative(p) ? p.representation : null,
        birthdate: p.birthdate,
        percentage_owned: p.share,
        already_added: rows.some(
          (r) =>
            key(r.firstName, r.lastName) === key(p.first_name, p.last_name) &&
            (r.birthdate === null || p.birthdate === null || r.birthdate === p.birthdate),
        ),
      })),
    };
  }

  private context(partner: Partner, access: ApplicationAccess): RepresentativeContext {
    return representativeContext(partner, access.record.tax_id_number);
  }

  private rows(db: Db, applicationId: string): Promise<SignatoryRow[]> {
    return db
      .select()
      .from(signatories)
      .where(eq(signatories.applicationId, applicationId))
      .orderBy(asc(signatories.createdAt), asc(signatories.id));
  }

  /**
   * The application's representatives, with the application row locked until the transaction
   * ends. The status is read again under the lock: a write that raced a status change (a
   * submission) is refused when it would no longer be allowed (403, nothing stored).
   */
  private async lockedRows(tx: Db, access: ApplicationAccess): Promise<SignatoryRow[]> {
    const [locked] = rowsOf<{ status: string }>(
      await tx.execute(sql`SELECT status FROM applications WHERE id = ${access.record.id} FOR UPDATE`),
    );
    if (locked && locked.status !== access.record.status) {
      const now = allowedUpdatesFor(locked.status, access.role);
      if (access.allowed.some((entry) => !now.includes(entry))) throw new AppError('err_no_permission', 403);
    }
    return this.rows(tx, access.record.id);
  }

  /** One representative of the application, else 404 (an id of another application confirms nothing). */
  private async row(db: Db, applicationId: string, signatoryId: string): Promise<SignatoryRow> {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const [row] = UUID.test(signatoryId)
      ? await db
          .select()
          .from(signatories)
          .where(and(eq(signatories.id, signatoryId), eq(signatories.applicationId, applicationId)))
      : [];
    if (!row) throw new AppError('err_entity_not_found', 404);
    return row;
  }

  private async clearOtherMainContacts(tx: Db, applicationId: string, keep: string): Promise<void> {
    await tx
      .update(signatories)
      .set({ isMainContact: false, updatedAt: new Date() })
      .where(
        and(
          eq(signatories.applicationId, applicationId),
          ne(signatories.id, keep),
          eq(signatories.isMainContact, true),
        ),
      );
  }

  /** The partner's credit-report score of the person, when it has a provider and the person's name and birth date are given. */
  private async creditScore(partner: Partner, values: RepresentativeValues): Promise<SignatoryRow['creditScore']> {
    const provider = partner.representatives.credit_report_provider;
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const [first, last, birthdate] = [text(values.first_name), text(values.last_name), text(values.birthdate)];
    if (!provider || !first || !last || !birthdate) return null;
    const score = await this.ctx.creditReport.score(provider, {
      first_name: first,
      last_name: last,
      birthdate,
      country: text(values.country),
    });
    return score === null ? null : { provider, score };
  }
}

/** The custom fields' part of an audit entry: the changed ones' values by field id (none changed: nothing). */
function customAudit(entries: readonly CustomFieldEntry[], ids: readonly string[]): Record<string, unknown> {
  if (!ids.length) return {};
  const byId = new Map(entries.map((e) => [e.field_id, e.field_value]));
  return { custom_fields_list: Object.fromEntries(ids.map((id) => [id, byId.get(id) ?? null])) };
}

function pick(values: RepresentativeValues, fields: readonly string[]): RepresentativeValues {
  return Object.fromEntries(fields.map((f) => [f, values[f as keyof RepresentativeValues]]));
}
