import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { apiCall, PASSWORD } from './api';
import { partnerUrl } from './env';
import { linkIn, waitForMail } from './mailbox';

/**
 * Helpers of the dashboard specs: applications created through the API as the logged-in
 * customer, the parts whose screens come in later issues filled through the dev fixtures route
 * (POST /api/dev/applications/{id}/fixtures, apps/api/src/modules/dev/fixtures.ts), and a
 * browser context that starts logged in (session cookie and the client's authenticated flag).
 */

export interface CreatedApplication {
  applicationId: string;
  shortApplicationId: string;
  status: string;
}

export interface ListedApplication {
  applicationId: string;
  shortApplicationId: string;
  status: string;
  amount: number | null;
  currency: string;
  created: string;
}

/** A complete representative who can sign alone (as COMPLETE_SIGNATORY of the API fixtures). */
export const COMPLETE_SIGNATORY = {
  first_name: 'Erika',
  last_name: 'Mustermann',
  email: 'erika.mustermann@example.com',
  telephone: '+49 30 1234567',
  nationality: 'DE',
  birthdate: '1978-04-12',
  street: 'Hauptstraße',
  street_number: '12',
  postcode: '10115',
  location: 'Berlin',
  country: 'DE',
  is_beneficial_owner: true,
  percentage_owned: 0.6,
  is_legal_signatory: true,
  is_contract_signatory: true,
  is_sole_signatory: true,
} as const;

/** A valid German IBAN, electronic and in groups of four. */
export const IBAN = 'DE89370400440532013000';
export const IBAN_SPACED = 'DE89 3704 0044 0532 0130 00';

/** YYYY-MM-DD (UTC) of today minus `days`. */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** DD.MM.YYYY of the UTC day of an ISO timestamp (as the list shows it). */
export function utcDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** A classic demo application that passes every eligibility rule (buildApplication of the API tests). */
export function demoApplication(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    allBanksLoanPurpose: 'working_capital_loan',
    loanSize: 100_000,
    loanDuration: 48,
    display_duration_unit: 'months',
    currency: 'EUR',
    companyName: 'Muster Maschinenbau GmbH',
    companyType: 'GMBH',
    street: 'Hauptstraße',
    houseNumber: '12a',
    companyPostCode: '10115',
    companyLocation: 'Berlin',
    companyCountry: 'DE',
    taxIdNumber: '1234567890',
    businessPurpose: 'Herstellung von Sondermaschinen',
    purposeSelect: 'operating_expenses',
    ...overrides,
  };
}

/**
 * The request of the alpen dynamic wizard for working capital (what buildDynamicSubmission makes
 * of the form): standard fields in the body, custom fields in custom_fields_list, no tax number.
 */
export function alpenApplication(
  companyName: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const plannedStart = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return {
    dynamic_form: true,
    allBanksLoanPurpose: 'working_capital_loan',
    loanSize: 120_000,
    loanDuration: 48,
    display_duration_unit: 'years',
    currency: 'EUR',
    purposeSelect: 'operating_expenses',
    companyCountry: 'AT',
    companyName,
    companyType: 'GMBH',
    companyPostCode: '6020',
    companyLocation: 'Innsbruck',
    foundation_date: '2012-03-15',
    purposeDescription: null,
    custom_fields_list: [
      { field_id: 'employees', field_value: 25 },
      { field_id: 'annual_revenue', field_value: 1_250_000 },
      { field_id: 'equity_ratio', field_value: 0.125 },
      { field_id: 'industry', field_value: 'manufacturing' },
      { field_id: 'existing_leasing', field_value: false },
      { field_id: 'planned_start', field_value: plannedStart },
      { field_id: 'consent_credit_check', field_value: true },
    ],
    ...overrides,
  };
}

/** POST /user/account/login; the session cookie ("fp_session=…"). */
export async function loginViaApi(partner: string, email: string, password = PASSWORD): Promise<string> {
  const res = await apiCall(partner, 'POST', '/user/account/login', { email, password });
  if (res.status !== 200 || !res.cookie) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.cookie;
}

/** Confirms the e-mail address with the token of the newest confirmation mail. */
export async function confirmEmailViaApi(request: APIRequestContext, partner: string, email: string): Promise<void> {
  const mail = await waitForMail(request, email, 'confirm_email');
  const token = new URL(linkIn(mail)).searchParams.get('confirmation_token');
  if (!token) throw new Error(`no confirmation_token in ${linkIn(mail)}`);
  const res = await apiCall(partner, 'POST', `/user/account/confirm_email/${token}`, {});
  if (res.status !== 200) throw new Error(`confirm failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/** POST /user/applications as the logged-in customer (201, Open). */
export async function createApplicationViaApi(
  partner: string,
  cookie: string,
  body: Record<string, unknown>,
): Promise<CreatedApplication> {
  const res = await apiCall(partner, 'POST', '/user/applications', body, cookie);
  if (res.status !== 201) throw new Error(`create application failed: ${res.status} ${JSON.stringify(res.json)}`);
  const app = (res.json as { application: CreatedApplication }).application;
  if (app.status !== 'Open') throw new Error(`application not Open: ${JSON.stringify(app)}`);
  return app;
}

/** Fills representatives, documents, objects, debtors, appointment, or sets a back-office status. */
export async function seedFixtures(partner: string, applicationId: string, fixtures: Record<string, unknown>) {
  const res = await apiCall(partner, 'POST', `/dev/applications/${applicationId}/fixtures`, fixtures);
  if (res.status !== 200) throw new Error(`fixtures failed: ${res.status} ${JSON.stringify(res.json)}`);
}

/** GET /user/applications. */
export async function listApplicationsViaApi(partner: string, cookie: string): Promise<ListedApplication[]> {
  const res = await apiCall(partner, 'GET', '/user/applications', undefined, cookie);
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json as { applications: ListedApplication[] }).applications;
}

/** The names of the pending actions (GET next_status_validate). */
export async function pendingActionsViaApi(partner: string, cookie: string, applicationId: string): Promise<string[]> {
  const res = await apiCall(
    partner,
    'GET',
    `/user/applications/${applicationId}/next_status_validate`,
    undefined,
    cookie,
  );
  if (res.status !== 200) throw new Error(`next_status_validate failed: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json as { pending_actions: { action: string }[] }).pending_actions.map((a) => a.action);
}

/**
 * Texts in one language (the language cookie the detector reads first after ?lng) and a stored
 * cookie choice, on a partner's host (the shared fixture covers demo, nordbank and vistula only).
 */
export async function useLanguage(context: BrowserContext, partner: string, language: string): Promise<void> {
  const consent = encodeURIComponent(JSON.stringify({ essential: true, analytics: false, marketing: false }));
  const url = partnerUrl(partner);
  await context.addCookies([
    { name: 'i18next', value: language, url },
    { name: 'fp_cookie_consent', value: consent, url },
  ]);
}

/**
 * The context starts logged in: the session cookie of an API login and the client's persisted
 * authenticated flag (localStorage `fp:<partner>:isAuthenticated`), set before the app boots.
 */
export async function useSession(context: BrowserContext, partner: string, cookie: string): Promise<void> {
  const [name, ...rest] = cookie.split('=');
  await context.addCookies([
    { name: name!, value: rest.join('='), url: partnerUrl(partner), httpOnly: true, sameSite: 'Lax' },
  ]);
  await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), `fp:${partner}:isAuthenticated`);
}
