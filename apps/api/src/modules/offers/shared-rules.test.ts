import { describe, expect, it } from 'vitest';
import {
  CLASSIC_STEP_FIELDS,
  classicRequest,
  createApplicationSchema,
  type ClassicFormStep,
  type ClassicFormValues,
} from '@finportal/contracts/create-application';
import { rulesOfConfig } from '@finportal/contracts/eligibility';
import { refusalField } from '@finportal/contracts/eligibility-rules';
import type { CreatedApplication } from '@finportal/contracts/offers';
import type { AppConfig, PartnerConfig } from '@finportal/contracts/partner';
import { errorsOf, useTestApp, type TestClient } from '../../test/harness.js';

/**
 * Issue 9: one create-application rule on both sides. Each case of the table goes
 *  - through the wizard's step validators, built the way the browser builds them: from the two
 *    config calls it makes (GET /partner/key/{key}/config, GET /config) with contracts'
 *    rulesOfConfig and createApplicationSchema(...).validateStep, step after step as the wizard
 *    moves on (the first step with an issue stops it);
 *  - and through POST /user/applications with the body the wizard sends (classicRequest).
 * Both must give the same verdict: accepted (an offer), or refused on the same field (the API:
 * 400 with the field, or a rejection whose reason belongs to the field).
 */
const t = await useTestApp();
const clients: Record<'demo' | 'nordbank', TestClient> = {
  demo: (await t.signUp('demo')).client,
  nordbank: (await t.signUp('nordbank')).client,
};

type Partner = keyof typeof clients;
type Verdict = { accepted: true } | { accepted: false; fields: string[] };

async function wizardSchema(partner: Partner) {
  const client = clients[partner];
  const partnerConfig = (await client.get(`/partner/key/${partner}/config`)).json<PartnerConfig>();
  const appConfig = (await client.get('/config')).json<AppConfig>();
  return createApplicationSchema(rulesOfConfig(partnerConfig, appConfig));
}

/** A complete working-capital application of a GmbH in Germany, as the wizard holds it. */
const wizardValues: ClassicFormValues = {
  companyCountry: 'DE',
  allBanksLoanPurpose: 'working_capital_loan',
  loanSize: 100_000,
  loanDuration: 48,
  currency: 'EUR',
  factoring_limit: null,
  has_international_customers: null,
  annual_sales_previous_year: null,
  companyName: 'Muster Maschinenbau GmbH',
  companyType: 'GMBH',
  street: 'Hauptstraße',
  houseNumber: '12a',
  companyPostCode: '10115',
  companyLocation: 'Berlin',
  taxIdNumber: '',
  businessPurpose: 'Herstellung von Sondermaschinen',
  purposeSelect: 'operating_expenses',
  purposeDescription: '',
  companyCreditProviderId: null,
  company_id: null,
  external_provider_company_id: null,
  external_provider_name: null,
};

const factoring: Partial<ClassicFormValues> = {
  allBanksLoanPurpose: 'factoring',
  factoring_limit: 200_000,
  has_international_customers: false,
  annual_sales_previous_year: 1_500_000,
  purposeSelect: '',
};

const accepted: Verdict = { accepted: true };
const refused = (...fields: string[]): Verdict => ({ accepted: false, fields });

const CASES: [string, Partner, Partial<ClassicFormValues>, Verdict][] = [
  ['demo: a complete application', 'demo', {}, accepted],
  [
    'nordbank: its minimum amount of 25,000',
    'nordbank',
    { loanSize: 25_000, purposeSelect: 'inventory_expansion' },
    accepted,
  ],
  ['demo: typed 84 months (its maximum)', 'demo', { loanDuration: 84 }, accepted],
  ['demo: factoring', 'demo', factoring, accepted],
  // amount and duration
  ['nordbank: 20,000 is below its minimum', 'nordbank', { loanSize: 20_000 }, refused('loanSize')],
  ['nordbank: 10,000 is below every minimum', 'nordbank', { loanSize: 10_000 }, refused('loanSize')],
  ['nordbank: 61 months is above its slider', 'nordbank', { loanDuration: 61 }, refused('loanDuration')],
  ['demo: 1,500,000 typed, above its maximum', 'demo', { loanSize: 1_500_000 }, refused('loanSize')],
  ['demo: 240 months typed, above its 84', 'demo', { loanDuration: 240 }, refused('loanDuration')],
  ['demo: 241 months typed', 'demo', { loanDuration: 241 }, refused('loanDuration')],
  ['demo: 12,345.67 is no whole amount', 'demo', { loanSize: 12_345.67 }, refused('loanSize')],
  ['demo: amount missing', 'demo', { loanSize: null }, refused('loanSize')],
  // partner: country, loan type, legal form, currency
  ['demo: a GbR', 'demo', { companyType: 'GBR' }, refused('companyType')],
  ['demo: a Swiss legal form in Germany', 'demo', { companyType: 'CH_AG' }, refused('companyType')],
  ['nordbank: an OHG (not among its legal forms)', 'nordbank', { companyType: 'OHG' }, refused('companyType')],
  [
    'demo: a Polish company',
    'demo',
    { companyCountry: 'PL', companyPostCode: '00-950', companyType: 'GMBH' },
    refused('companyCountry'),
  ],
  [
    'demo: event-driven financing in Switzerland',
    'demo',
    {
      companyCountry: 'CH',
      companyType: 'CH_AG',
      companyPostCode: '8001',
      allBanksLoanPurpose: 'event_driven_financing_loan',
      purposeSelect: 'business_expansion',
    },
    refused('allBanksLoanPurpose'),
  ],
  ['demo: Polish złoty', 'demo', { currency: 'PLN' }, refused('currency')],
  // purpose
  ['demo: a purpose of the other loan type', 'demo', { purposeSelect: 'business_expansion' }, refused('purposeSelect')],
  ['demo: no purpose chosen', 'demo', { purposeSelect: '' }, refused('purposeSelect')],
  ['demo: purpose other without a description', 'demo', { purposeSelect: 'other' }, refused('purposeDescription')],
  // company fields
  ['demo: street missing', 'demo', { street: '' }, refused('street')],
  ['demo: street of 31 characters', 'demo', { street: 'x'.repeat(31) }, refused('street')],
  ['demo: legal form missing', 'demo', { companyType: '' }, refused('companyType')],
  ['demo: a company name of 3 characters', 'demo', { companyName: 'ABC' }, refused('companyName')],
  ['demo: a postcode with an underscore', 'demo', { companyPostCode: '10_115' }, refused('companyPostCode')],
  // factoring
  [
    'demo: factoring limit above its 2,000,000',
    'demo',
    { ...factoring, factoring_limit: 3_000_000 },
    refused('factoring_limit'),
  ],
  ['demo: factoring limit 0', 'demo', { ...factoring, factoring_limit: 0 }, refused('factoring_limit')],
  [
    'demo: factoring with sales below its 100,000',
    'demo',
    { ...factoring, annual_sales_previous_year: 50_000 },
    refused('annual_sales_previous_year'),
  ],
  [
    'demo: factoring without the international question',
    'demo',
    { ...factoring, has_international_customers: null },
    refused('has_international_customers'),
  ],
];

const STEPS = Object.keys(CLASSIC_STEP_FIELDS) as ClassicFormStep[];

/** The wizard: each step's validator in turn; the first step with an issue keeps the user there. */
async function wizardVerdict(partner: Partner, values: ClassicFormValues): Promise<Verdict> {
  const schema = await wizardSchema(partner);
  for (const step of STEPS) {
    const issues = schema.validateStep(step, values);
    if (issues.length) return refused(...issues.map((i) => i.field));
  }
  return accepted;
}

/** The API: 400 with field errors, 201 Rejected with a reason, or 201 with an offer. */
async function apiVerdict(partner: Partner, values: ClassicFormValues): Promise<Verdict> {
  const schema = await wizardSchema(partner);
  const res = await clients[partner].post('/user/applications', classicRequest(schema.rules, values));
  if (res.statusCode === 400) return refused(...errorsOf(res).map((e) => e.field ?? '?'));
  expect(res.statusCode, res.body).toBe(201);
  const { application } = res.json<{ application: CreatedApplication }>();
  if (application.status !== 'Rejected') return accepted;
  return refused(refusalField(application.rejection_reason) ?? `? ${application.rejection_reason}`);
}

describe('one create-application rule: the wizard and the API give the same verdict', () => {
  it.each(CASES)('%s', async (_name, partner, patch, expected) => {
    const values = { ...wizardValues, ...patch };
    const [wizard, api] = [await wizardVerdict(partner, values), await apiVerdict(partner, values)];
    expect({ wizard, api }).toEqual({ wizard: expected, api: expected });
  });
});
