import type { APIRequestContext, BrowserContext } from '@playwright/test';
import type { Fixtures } from '@finportal/contracts/dev';
import type { DynamicFormConfig } from '@finportal/contracts/dynamic-forms';
import { buildApplicationInput, buildDynamicApplication, buildSignatory } from '@finportal/testing/factories';
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

/** A complete representative who can sign alone (the shared factories' buildSignatory). */
export const COMPLETE_SIGNATORY = buildSignatory();

/** Fixture values of the shared factories (@finportal/testing): a valid IBAN, document dates. */
export { IBAN, IBAN_SPACED, daysAgo } from '@finportal/testing/factories';

/** DD.MM.YYYY of the UTC day of an ISO timestamp (as the list shows it). */
export function utcDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** A classic demo application that passes every eligibility rule (the shared factories' buildApplicationInput). */
export const demoApplication = buildApplicationInput;

/** The partner's dynamic application form (GET /dynamic_forms_config), as the wizard loads it. */
export async function dynamicFormViaApi(partner: string): Promise<DynamicFormConfig> {
  const res = await apiCall(partner, 'GET', '/dynamic_forms_config?dynamic_forms_name=application');
  if (res.status !== 200) throw new Error(`dynamic form failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as DynamicFormConfig;
}

/**
 * The request of the alpen dynamic wizard for working capital: buildDynamicApplication (what
 * buildDynamicSubmission makes of the entered values) with the partner's form from the API.
 */
export async function alpenApplication(
  companyName: string,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return buildDynamicApplication(await dynamicFormViaApi('alpen'), { companyName, ...overrides });
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
export async function seedFixtures(partner: string, applicationId: string, fixtures: Fixtures) {
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
