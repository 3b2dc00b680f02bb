import type { RegisterRole, RepresentationKind } from '@finportal/contracts/representative-register';

/**
 * Company registries (credit agencies, trade registers) are third parties we cannot reach
 * from here: they sit behind this adapter. The demo implementation (`company-registry-demo.ts`)
 * behaves like a real one on a generated data set of fictional companies and says so in its name.
 */
export interface RegistryCompany {
  /** The provider's own id. */
  id: string;
  name: string;
  /** Our company type code (GMBH, AG, PL_SP_ZOO, ...). */
  legal_form: string | null;
  street: string;
  house_number: string;
  postcode: string;
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
  register_court: string | null;
  register_number: string | null;
  /** YYYY-MM-DD */
  foundation_date: string | null;
  business_purpose: string | null;
  tax_id_number: string | null;
}

/** A person the register knows for a company: director, authorised officer or shareholder (issue 10). */
export interface RegistryPerson {
  /** Stable for the company. */
  id: string;
  first_name: string;
  last_name: string;
  roles: RegisterRole[];
  /** Power of representation of a director or officer; null for a shareholder only. */
  representation: RepresentationKind | null;
  /** YYYY-MM-DD when the register publishes it. */
  birthdate: string | null;
  /** Share as a decimal (0.25 is 25 %); null when not a shareholder. */
  share: number | null;
}

export interface CompanyRegistry {
  /** Provider name stored with companies found through it (external_provider_name). */
  readonly name: string;
  /** Ranked search by name within one country. */
  search(name: string, country: string, limit: number): Promise<RegistryCompany[]>;
  /** One company by the provider's id, or null. */
  details(id: string): Promise<RegistryCompany | null>;
  /** The company's directors, authorised officers and shareholders, by the provider's company id. */
  persons(id: string): Promise<RegistryPerson[]>;
}

/** A registry that knows no companies (until the demo registry is wired in, and for tests). */
export const emptyRegistry: CompanyRegistry = {
  name: 'none',
  search: async () => [],
  details: async () => null,
  persons: async () => [],
};
