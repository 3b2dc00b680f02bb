import { sql, type SQL } from 'drizzle-orm';
import type { CompanyIdType } from '@finportal/contracts/company-ids';
import { rowsOf, type Db } from '../db/client.js';
import { companyIdMatches } from './company-id-sql.js';
import type { RegistryCompany } from './company-registry.js';
import type { CoverApplication, CoverDecision, CreditInsurer } from './credit-insurer.js';
import { searchMatchSql, searchQuery, searchRankSql } from './search-text.js';

/**
 * DEMO credit insurer: stands in for a real one (a trade credit insurer's company directory and
 * cover decisions) that we cannot reach from here. Never wire it where real cover is expected.
 *
 * Its directory is the demo registry's fictional companies that have a register number (an
 * insurer knows registered companies; "Kleine Feier GbR" it does not), under its own ids: the
 * registry's `DEMO-DE-000001` is the insurer's `DCI-DE-000001`.
 *
 * Its decisions are deterministic, by the last digit of the insurer's company id, and come after
 * `pollSeconds` (the cover job asks then):
 *
 * | company                           | decision                                        |
 * |-----------------------------------|-------------------------------------------------|
 * | outside DE, AT, CH (e.g. PL)      | CheckPolicy (the demo policy covers DE, AT, CH)  |
 * | last digit 0-4 (DCI-DE-000001...) | Cover, the amount asked for                     |
 * | last digit 5 or 6                 | Partial, half the amount (whole hundreds)       |
 * | last digit 7                      | NoCover, 0                                      |
 * | last digit 8                      | Rejected                                        |
 * | last digit 9                      | never decides: Pending (the job ends in Error)  |
 *
 * So "Musterbau Schmidt GmbH" (DCI-DE-000001) and "Müller Metallbau GmbH" (DCI-DE-000002) get
 * Cover, "Alpenblick Hotel AG" (DCI-AT-000001) too, "Wisła Logistyka" (DCI-PL-000001) CheckPolicy.
 */
export class DemoCreditInsurer implements CreditInsurer {
  readonly name = 'demo_credit_insurer';
  /** The policy's countries: cover elsewhere needs the policy checked. */
  static readonly POLICY_COUNTRIES = ['DE', 'AT', 'CH'];

  constructor(
    private readonly db: Db,
    readonly pollSeconds = 3,
  ) {}

  async search(name: string, country: string, limit: number): Promise<RegistryCompany[]> {
    const query = searchQuery(name);
    if (!query.forms.length || limit <= 0) return [];
    const text = sql`c.search_text`;
    return this.rows(
      sql`c.country = ${country} AND ${searchMatchSql(text, query)}`,
      sql`${searchRankSql(text, query)}, char_length(c.name), c.search_text, c.id`,
      limit,
    );
  }

  async findByCompanyId(country: string, type: CompanyIdType, key: string, limit: number): Promise<RegistryCompany[]> {
    const columns = { register_number: sql`c.register_number`, tax_id_number: sql`c.tax_id_number` };
    return this.rows(sql`c.country = ${country} AND ${companyIdMatches(type, key, columns)}`, sql`c.id`, limit);
  }

  async company(id: string): Promise<RegistryCompany | null> {
    const registryId = toRegistryId(id);
    if (!registryId) return null;
    return (await this.rows(sql`c.id = ${registryId}`, sql`c.id`, 1))[0] ?? null;
  }

  async requestCover(application: CoverApplication): Promise<{ reference: string }> {
    const { providerCompanyId, amount, currency, requestId } = application;
    // Stateless: the reference carries what the decision needs.
    return { reference: ['DCI', providerCompanyId, amount, currency, requestId].join('|') };
  }

  async decision(reference: string): Promise<CoverDecision> {
    const [, companyId = '', amountText = '', currency = ''] = reference.split('|');
    const amount = Number(amountText);
    const company = await this.company(companyId);
    const data = { reference, policy: 'DEMO-POLICY-0001', insurer: this.name };
    if (!company || !Number.isFinite(amount)) {
      return { status: 'Rejected', amount: null, currency: null, providerData: { ...data, reason: 'unknown_company' } };
    }
    if (!DemoCreditInsurer.POLICY_COUNTRIES.includes(company.country)) {
      return { status: 'CheckPolicy', amount: null, currency: null, providerData: { ...data, reason: 'country' } };
    }
    const digit = Number(companyId.slice(-1));
    const decided = (status: CoverDecision['status'], covered: number | null): CoverDecision => ({
      status,
      amount: covered,
      currency: covered === null ? null : currency,
      providerData: { ...data, decision_id: `DEMO-${status.toUpperCase()}-${companyId}` },
    });
    if (digit <= 4) return decided('Cover', amount);
    if (digit <= 6) return decided('Partial', Math.floor(amount / 2 / 100) * 100);
    if (digit === 7) return decided('NoCover', 0);
    if (digit === 8) return decided('Rejected', null);
    return { status: 'Pending', amount: null, currency: null, providerData: data };
  }

  private async rows(where: SQL, order: SQL, limit: number): Promise<RegistryCompany[]> {
    const result = await this.db.execute(sql`
      SELECT 'DCI-' || substr(c.id, 6) AS id, c.name, c.legal_form, c.street, c.house_number, c.postcode, c.city,
             c.country, c.register_court, c.register_number, to_char(c.foundation_date, 'YYYY-MM-DD') AS foundation_date,
             c.business_purpose, c.tax_id_number
      FROM demo_registry_companies c
      WHERE c.register_number IS NOT NULL AND ${where}
      ORDER BY ${order}
      LIMIT ${limit}`);
    return rowsOf<RegistryCompany>(result);
  }
}

/** DCI-DE-000001 → DEMO-DE-000001 (null for anything else). */
function toRegistryId(id: string): string | null {
  return /^DCI-[A-Z]{2}-\d{6}$/.test(id) ? `DEMO-${id.slice(4)}` : null;
}
