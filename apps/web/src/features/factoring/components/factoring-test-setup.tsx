import type { Application } from '@finportal/contracts/applications';
import type { CompanySearchResult } from '@finportal/contracts/company-search';
import { debitorConcentration } from '@finportal/contracts/debitor-rules';
import type { Debitor, DebitorsResponse } from '@finportal/contracts/debitors';
import type { FactoringDetailsResponse, FactoringSectionValues } from '@finportal/contracts/factoring';
import {
  FACTORING_SECTION_FIELDS,
  FACTORING_SECTIONS,
  type FactoringSection,
} from '@finportal/contracts/factoring-rules';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockRoute } from '../../../test/api-mock';
import { buildApplication, buildCompanySearchResult } from '../../../test/factories';
import { renderComponent } from '../../../test/render-component';
import { FactoringTab } from './factoring-tab';

/** The factoring tab's test set-up: its routes, data builders and one render (tests only). */

export const ID = 'app-1';
const BASE = `/user/applications/${ID}`;
export const ROUTES = {
  details: `GET ${BASE}/factoring`,
  patch: (section: FactoringSection) => `PATCH ${BASE}/factoring/${section}`,
  list: `GET ${BASE}/factoring/debitors`,
  add: `POST ${BASE}/factoring/debitors`,
  update: `PATCH ${BASE}/factoring/debitors/:debitorId`,
  remove: `DELETE ${BASE}/factoring/debitors/:debitorId`,
  cover: `POST ${BASE}/factoring/debitors/:debitorId/insurance_cover`,
  import: `POST ${BASE}/factoring/debitors/import`,
  companies: `POST ${BASE}/companies`,
  filterValues: 'GET /user/filter_values',
  search: 'GET /user/company_search',
} as const;

export const INSURER = 'demo_credit_insurer';

function emptySection<S extends FactoringSection>(section: S): FactoringSectionValues<S> {
  return Object.fromEntries(FACTORING_SECTION_FIELDS[section].map((f) => [f, null])) as FactoringSectionValues<S>;
}

/** Stored details: every field empty unless given (fields of any card, by their wire names). */
export function buildDetails(
  values: Record<string, unknown> = {},
  flags: Partial<Pick<FactoringDetailsResponse, 'is_editable' | 'is_required'>> = {},
): FactoringDetailsResponse {
  const card = <S extends FactoringSection>(section: S) => {
    const base = emptySection(section) as Record<string, unknown>;
    for (const field of Object.keys(base)) if (field in values) base[field] = values[field];
    return base as FactoringSectionValues<S>;
  };
  const [financials, invoices, risk_protection] = FACTORING_SECTIONS.map(card) as [
    FactoringSectionValues<'financials'>,
    FactoringSectionValues<'invoices'>,
    FactoringSectionValues<'risk_protection'>,
  ];
  const international = values.has_international_customers;
  return {
    financials,
    invoices,
    risk_protection,
    has_international_customers: typeof international === 'boolean' ? international : null,
    is_editable: true,
    is_required: true,
    ...flags,
  };
}

export function buildDebitor(overrides: Partial<Debitor> = {}): Debitor {
  return {
    debitor_id: 'deb-1',
    company: {
      company_id: 'c0a80101-0000-4000-8000-000000000001',
      company_name: 'Musterbau Schmidt GmbH',
      company_country: 'DE',
    },
    annual_sales_previous_year: 250000,
    currency: 'EUR',
    insurance_cover: null,
    external_provider_company: { external_provider_name: INSURER, external_provider_company_id: 'DCI-DE-000001' },
    can_request_cover: true,
    ...overrides,
  };
}

/** The debtors answer, with the concentration as the API computes it. */
export function buildList(debitors: Debitor[], overrides: Partial<DebitorsResponse> = {}): DebitorsResponse {
  return {
    result: debitors,
    max_debitors: 5,
    is_editable: true,
    concentration: debitorConcentration(debitors, 'EUR'),
    company_link: true,
    credit_insurer: INSURER,
    ...overrides,
  };
}

export const filterValues = {
  company_country_ids: { DE: ['hr_number', 'vat_id'], AT: ['fn_number', 'vat_id'], CH: ['uid'], PL: ['krs', 'nip'] },
  default_company_country_ids: ['vat_id'],
};

export function buildHit(overrides: Partial<CompanySearchResult> = {}): CompanySearchResult {
  return buildCompanySearchResult({ land: 'DE', companyType: 'GMBH', ...overrides });
}

export async function renderFactoringTab({
  details = buildDetails(),
  list = buildList([]),
  api = {},
  application = {},
}: {
  details?: FactoringDetailsResponse;
  list?: DebitorsResponse;
  api?: Record<string, MockRoute>;
  application?: Partial<Application>;
} = {}) {
  const user = userEvent.setup();
  const rendered = await renderComponent(
    <FactoringTab application={buildApplication({ applicationId: ID, currency: 'EUR', ...application })} />,
    {
      api: {
        [ROUTES.details]: { body: details },
        [ROUTES.list]: { body: list },
        [ROUTES.filterValues]: { body: filterValues },
        ...api,
      },
    },
  );
  await screen.findByRole('heading', { level: 2, name: /^(Factoring details|Factoring-Angaben)$/ });
  return { user, ...rendered };
}
