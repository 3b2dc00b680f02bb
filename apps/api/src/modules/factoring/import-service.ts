import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { hasControlCharacters } from '@finportal/contracts/control-characters';
import { isCountryCode } from '@finportal/contracts/countries';
import {
  COMPANY_NAME_MAX,
  COMPANY_NAME_MIN,
  companyIdColumn,
  companyIdError,
  companyIdKey,
  companyIdTypesFor,
  debitorCurrencyError,
  debitorSalesError,
  debitorsMaxError,
  detectCompanyIdType,
  type CompanyIdType,
  type DebitorImportRequest,
  type DebitorImportResponse,
  type DebitorImportRow,
} from '@finportal/contracts/debitors';
import type { Db } from '../../db/client.js';
import { companies, factoringDebitors } from '../../db/schema.js';
import { audit } from '../../platform/audit.js';
import { companyIdMatches } from '../../platform/company-id-sql.js';
import type { RegistryCompany } from '../../platform/company-registry.js';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/session.js';
import type { Partner } from '../../platform/tenancy.js';
import type { ApplicationAccess } from '../applications/public.js';
import { insertOwnCompany, providerColumns, type CompanyRow } from './companies.js';
import { parseCsvAmount, parseDebitorCsv, type CsvRow, type CsvSeparator } from './csv.js';
import { debitorRows } from './debitors.js';
import type { FactoringAccess } from './access.js';

type RowError = DebitorImportRow['errors'][number];

/** A row of the file, judged on its own. */
interface Draft {
  row: DebitorImportRow;
  type: CompanyIdType | null;
  key: string | null;
}

/** What an ok row becomes: one of the applicant's visible companies, an insurer's company, or a new one. */
type Resolved =
  { match: 'existing'; company: CompanyRow } | { match: 'provider'; company: RegistryCompany } | { match: 'new' };

interface Evaluated {
  rows: DebitorImportRow[];
  resolved: Map<number, Resolved>;
  drafts: Draft[];
}

function draftOf({ line, cells }: CsvRow, separator: CsvSeparator): Draft {
  const errors: RowError[] = [];
  const fail = (field: string, error: { code: string; values?: Record<string, string | number> }) =>
    errors.push({ field, code: error.code, ...(error.values ? { values: error.values } : {}) });
  const name = cells.company_name;
  if (!name) fail('company_name', { code: 'err_required' });
  else if (hasControlCharacters(name)) fail('company_name', { code: 'err_invalid_characters' });
  else if (name.length < COMPANY_NAME_MIN)
    fail('company_name', { code: 'err_too_short', values: { min: COMPANY_NAME_MIN } });
  else if (name.length > COMPANY_NAME_MAX)
    fail('company_name', { code: 'err_too_long', values: { max: COMPANY_NAME_MAX } });
  const country = cells.country.toUpperCase();
  // An ISO 3166 country (issue 26): XX names none.
  const countryValid = isCountryCode(country);
  if (!country) fail('country', { code: 'err_required' });
  else if (!countryValid) fail('country', { code: 'err_invalid_value' });
  let type: CompanyIdType | null = null;
  let key: string | null = null;
  const id = cells.register_id;
  const typed = cells.register_id_type.toLowerCase() as CompanyIdType;
  if (!id) fail('register_id', { code: 'err_required' });
  else if (countryValid) {
    if (cells.register_id_type && !companyIdTypesFor(country).includes(typed)) {
      fail('register_id_type', { code: 'err_invalid_value' });
    } else {
      type = cells.register_id_type ? typed : detectCompanyIdType(country, id);
      const error = type ? companyIdError(type, id) : { code: 'err_invalid_value' as const };
      if (error) fail('register_id', error);
      else key = companyIdKey(type!, id);
    }
  }
  const amount = cells.annual_sales ? parseCsvAmount(cells.annual_sales, separator) : null;
  if (cells.annual_sales && amount === null) fail('annual_sales_previous_year', { code: 'err_invalid_value' });
  else {
    const error = debitorSalesError(amount);
    if (error) fail('annual_sales_previous_year', error);
  }
  const currency = cells.currency.toUpperCase();
  const currencyError = debitorCurrencyError(currency);
  if (currencyError) fail('currency', currencyError);
  return {
    type: key ? type : null,
    key,
    row: {
      line,
      status: errors.length ? 'error' : 'ok',
      values: {
        company_name: name,
        country,
        register_id: id,
        register_id_type: key ? type : null,
        annual_sales_previous_year: amount,
        currency,
      },
      errors,
      duplicate_of: null,
      company: null,
      debitor_id: null,
    },
  };
}

/** The id keys of a company: `country|type|key` for each id type of its country it has. */
function keysOf(company: Pick<CompanyRow, 'country' | 'registerNumber' | 'taxIdNumber'>): string[] {
  return companyIdTypesFor(company.country).flatMap((type) => {
    const value = companyIdColumn(type) === 'register_number' ? company.registerNumber : company.taxIdNumber;
    const key = value ? companyIdKey(type, value) : null;
    return key ? [`${company.country}|${type}|${key}`] : [];
  });
}

/**
 * POST .../factoring/debitors/import (issue 12, ADR 018): a CSV file of debtors (company name,
 * country, register or VAT id, annual sales, currency). The preview (`confirm` false) judges each
 * row: `error` with its codes (the debtor rules; ids by the country's id types), `duplicate` of an
 * earlier row or of a stored debtor, else `ok` with the company it becomes (one of ours with that
 * id, the credit insurer's, or a new own company); rows beyond the partner's maximum are errors.
 * Nothing is stored. `confirm` true judges again under the application's lock and stores the ok
 * rows (companies and debtors) in one transaction.
 */
export class DebitorImportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly access: FactoringAccess,
  ) {}

  async run(
    partner: Partner,
    user: SessionUser,
    id: string,
    body: DebitorImportRequest,
    ip: string,
  ): Promise<DebitorImportResponse> {
    const access = await this.access.write(partner, user, id);
    const { separator, rows } = parseDebitorCsv(body.content);
    const drafts = rows.map((r) => draftOf(r, separator));
    const answer = (evaluated: Evaluated, stored: number): DebitorImportResponse => ({
      separator,
      rows: evaluated.rows,
      summary: {
        ok: evaluated.rows.filter((r) => r.status === 'ok').length,
        duplicate: evaluated.rows.filter((r) => r.status === 'duplicate').length,
        error: evaluated.rows.filter((r) => r.status === 'error').length,
      },
      stored,
      max_debitors: partner.factoring.max_debitors,
    });
    // The insurer is asked before the transaction (a network call for a real one; on PGlite the
    // transaction holds the one connection the demo insurer's query needs).
    const known = await this.insurerMatches(drafts);
    if (!body.confirm) return answer(await this.evaluate(this.ctx.db, partner, access, drafts, known), 0);
    return this.ctx.db.transaction(async (tx) => {
      await this.access.lock(tx, access);
      const evaluated = await this.evaluate(tx, partner, access, drafts, known);
      let stored = 0;
      for (const [index, resolved] of evaluated.resolved) {
        const row = evaluated.rows[index]!;
        const company = await this.companyOf(tx, partner, access, user, resolved, evaluated.drafts[index]!);
        const [debitor] = await tx
          .insert(factoringDebitors)
          .values({
            applicationId: access.record.id,
            partnerId: partner.key,
            companyId: company.id,
            annualSalesPreviousYear: row.values.annual_sales_previous_year!,
            currency: row.values.currency,
            createdBy: user.id,
          })
          .returning({ id: factoringDebitors.id });
        row.debitor_id = debitor!.id;
        row.company = { ...row.company!, company_id: company.id };
        stored += 1;
        await audit(tx, {
          partnerId: partner.key,
          userId: user.id,
          action: 'debitor.added',
          entity: 'debitor',
          entityId: debitor!.id,
          data: {
            application_id: access.record.id,
            company_id: company.id,
            source: 'import',
            line: row.line,
            annual_sales_previous_year: row.values.annual_sales_previous_year,
            currency: row.values.currency,
          },
          ip,
        });
      }
      return answer(evaluated, stored);
    });
  }

  /** The insurer's company of each valid row's id (by draft index), or null. */
  private async insurerMatches(drafts: Draft[]): Promise<Map<number, RegistryCompany | null>> {
    const known = new Map<number, RegistryCompany | null>();
    for (const [index, draft] of drafts.entries()) {
      if (draft.row.status !== 'ok') continue;
      const [company] = await this.ctx.creditInsurer.findByCompanyId(
        draft.row.values.country,
        draft.type!,
        draft.key!,
        1,
      );
      known.set(index, company ?? null);
    }
    return known;
  }

  /** Duplicates, companies and the maximum, on top of each row's own rules. */
  private async evaluate(
    db: Db,
    partner: Partner,
    access: ApplicationAccess,
    drafts: Draft[],
    known: Map<number, RegistryCompany | null>,
  ): Promise<Evaluated> {
    const stored = await debitorRows(db, access.record.id);
    const storedCompanies = stored.length
      ? await db
          .select()
          .from(companies)
          .where(
            sql`${companies.id} IN (${sql.join(
              stored.map((d) => sql`${d.companyId}`),
              sql`, `,
            )})`,
          )
      : [];
    const storedKeys = new Map<string, string>();
    for (const company of storedCompanies) {
      const debitor = stored.find((d) => d.companyId === company.id)!;
      for (const key of keysOf(company)) storedKeys.set(key, debitor.id);
    }
    const seenKeys = new Map<string, number>();
    const seenCompanies = new Map<string, number>();
    const resolved = new Map<number, Resolved>();
    const rows = drafts.map((d) => structuredClone(d.row));
    let capacity = partner.factoring.max_debitors - stored.length;
    // A debtor the application has already, by its name in its country (issue 26): a duplicate,
    // also when the row lacks the register id or its stored company has none.
    const byName = (name: string, country: string) => `${country}|${name.trim().toLocaleLowerCase('de')}`;
    const storedNames = new Map<string, string>();
    for (const company of storedCompanies) {
      storedNames.set(byName(company.name, company.country), stored.find((d) => d.companyId === company.id)!.id);
    }
    for (const [index, draft] of drafts.entries()) {
      const row = rows[index]!;
      const duplicate = (of: { line?: number; debitor_id?: string }) => {
        row.status = 'duplicate';
        row.errors = [];
        row.duplicate_of = { line: of.line ?? null, debitor_id: of.debitor_id ?? null };
      };
      const named = row.values.company_name
        ? storedNames.get(byName(row.values.company_name, row.values.country))
        : undefined;
      const onlyIdMissing =
        row.errors.length > 0 && row.errors.every((e) => e.field === 'register_id' && e.code === 'err_required');
      if (named && (row.status === 'ok' || onlyIdMissing)) {
        duplicate({ debitor_id: named });
        continue;
      }
      if (row.status === 'error') continue;
      const key = `${row.values.country}|${draft.type}|${draft.key}`;
      if (seenKeys.has(key)) {
        duplicate({ line: seenKeys.get(key)! });
        continue;
      }
      seenKeys.set(key, row.line);
      if (storedKeys.has(key)) {
        duplicate({ debitor_id: storedKeys.get(key)! });
        continue;
      }
      const match = await this.resolve(db, partner, access, draft, row.values.country, known.get(index) ?? null);
      const companyKey =
        match.match === 'existing'
          ? `id|${match.company.id}`
          : match.match === 'provider'
            ? `provider|${match.company.id}`
            : null;
      const storedDebitor =
        match.match === 'existing'
          ? stored.find((d) => d.companyId === match.company.id)
          : match.match === 'provider'
            ? stored.find(
                (d) =>
                  d.externalProviderName === this.ctx.creditInsurer.name &&
                  d.externalProviderCompanyId === match.company.id,
              )
            : undefined;
      if (storedDebitor) {
        duplicate({ debitor_id: storedDebitor.id });
        continue;
      }
      if (companyKey && seenCompanies.has(companyKey)) {
        duplicate({ line: seenCompanies.get(companyKey)! });
        continue;
      }
      if (companyKey) seenCompanies.set(companyKey, row.line);
      row.company = {
        match: match.match,
        company_id: match.match === 'existing' ? match.company.id : null,
        company_name: match.match === 'new' ? row.values.company_name : match.company.name,
      };
      if (match.match === 'existing' && match.company.id === access.record.company_id) {
        row.status = 'error';
        row.errors.push({ field: 'register_id', code: 'err_debitor_is_applicant' });
        continue;
      }
      const max = debitorsMaxError(partner.factoring.max_debitors - capacity, partner.factoring.max_debitors);
      if (max) {
        row.status = 'error';
        row.errors.push({ field: 'row', code: max.code, ...(max.values ? { values: max.values } : {}) });
        continue;
      }
      capacity -= 1;
      resolved.set(index, match);
    }
    return { rows, resolved, drafts };
  }

  /** One of the applicant's visible companies with the row's id, else the insurer's, else a new one. */
  private async resolve(
    db: Db,
    partner: Partner,
    access: ApplicationAccess,
    draft: Draft,
    country: string,
    insurerCompany: RegistryCompany | null,
  ): Promise<Resolved> {
    const columns = { register_number: sql`${companies.registerNumber}`, tax_id_number: sql`${companies.taxIdNumber}` };
    const [existing] = await db
      .select()
      .from(companies)
      .where(
        and(
          eq(companies.partnerId, partner.key),
          or(eq(companies.ownerUserId, access.record.user_id), isNull(companies.ownerUserId)),
          eq(companies.country, country),
          companyIdMatches(draft.type!, draft.key!, columns),
        ),
      )
      .orderBy(sql`${companies.ownerUserId} IS NULL`, companies.createdAt)
      .limit(1);
    if (existing) return { match: 'existing', company: existing };
    return insurerCompany ? { match: 'provider', company: insurerCompany } : { match: 'new' };
  }

  private async companyOf(
    tx: Db,
    partner: Partner,
    access: ApplicationAccess,
    user: SessionUser,
    resolved: Resolved,
    draft: Draft,
  ): Promise<Pick<CompanyRow, 'id'>> {
    if (resolved.match === 'existing') return resolved.company;
    const owner = access.record.user_id;
    if (resolved.match === 'provider') {
      return insertOwnCompany(
        tx,
        partner.key,
        owner,
        user.id,
        providerColumns(resolved.company, this.ctx.creditInsurer.name),
      );
    }
    const { company_name, country, register_id } = draft.row.values;
    const register = companyIdColumn(draft.type!) === 'register_number';
    return insertOwnCompany(tx, partner.key, owner, user.id, {
      name: company_name,
      country,
      registerNumber: register ? register_id : null,
      taxIdNumber: register ? null : register_id,
    });
  }
}
