import type { CompanyIdType } from '@finportal/contracts/company-ids';
import type { CoverStatus } from '@finportal/contracts/debitor-rules';
import type { RegistryCompany } from './company-registry.js';

/**
 * Credit insurers (trade credit insurance: they cover a factoring customer's receivables from a
 * debtor up to a limit) are third parties we cannot reach from here: they sit behind this adapter,
 * like the company registry. A debtor can get cover only when its company is known to the
 * insurer: found through the insurer's own company directory (the debtor search with
 * purpose=company_cover), so that the company carries the insurer's name and id as its external
 * provider (spec 2 section 4). The demo implementation (`credit-insurer-demo.ts`) says so in its
 * name. Issue 12, ADR 018.
 */

/** What the portal asks for: cover on one company, for an amount. */
export interface CoverApplication {
  /** Our id of the request: a real insurer takes it as the idempotency key (a job may run twice). */
  requestId: string;
  /** The insurer's id of the debtor company (external_provider_company_id). */
  providerCompanyId: string;
  amount: number;
  currency: string;
}

/** The insurer's answer: still Pending, or a decision. */
export interface CoverDecision {
  status: CoverStatus;
  /** The amount covered (null while Pending or when the insurer names none). */
  amount: number | null;
  currency: string | null;
  /** What the insurer says about the decision (its reference, decision id, reason...). */
  providerData: Record<string, string | number | boolean | null>;
}

export interface CreditInsurer {
  /** Stored with companies found in its directory (external_provider_name). */
  readonly name: string;
  /** Seconds to wait before asking for a decision, and between two asks while it is Pending. */
  readonly pollSeconds: number;
  /** Its company directory: ranked search by name within one country. */
  search(name: string, country: string, limit: number): Promise<RegistryCompany[]>;
  /** Its company directory: companies of a country with this register or tax id (its canonical key). */
  findByCompanyId(country: string, type: CompanyIdType, key: string, limit: number): Promise<RegistryCompany[]>;
  /** One company of its directory, or null. */
  company(id: string): Promise<RegistryCompany | null>;
  /** Places a cover request; its reference is what `decision` is asked with. */
  requestCover(application: CoverApplication): Promise<{ reference: string }>;
  /** The state of a request: Pending until the insurer has decided. */
  decision(reference: string): Promise<CoverDecision>;
}
