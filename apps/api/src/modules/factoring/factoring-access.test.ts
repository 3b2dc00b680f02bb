import { beforeAll, describe, expect, it } from 'vitest';
import { buildApplication } from '../../test/application-factories.js';
import {
  addCompany,
  addInsurerCompany,
  addDebitor,
  buildDebitor,
  buildDebitorCsv,
  buildFactoringFinancials,
  buildFactoringInvoices,
  buildFactoringRiskProtection,
  buildNewCompany,
  companiesPath,
  coverPath,
  createFactoringApplication,
  debitorPath,
  debitorsPath,
  digest,
  factoringPath,
  fillCards,
  importPath,
  INSURER,
  sectionPath,
} from '../../test/factoring.js';
import { createApplication } from '../../test/dashboard.js';
import { errorsOf, useTestApp, type TestClient } from '../../test/harness.js';

/**
 * Borrower A's factoring details and debtors are A's alone (ARCHITECTURE.md, tenancy; issue 12):
 * borrower B of the same partner and borrower C of another partner get 404 on every factoring
 * route with A's ids, as if they did not exist; nobody gets 401; nothing changes. (The generated
 * route test covers the same on a loan application; this one on a factoring application, so that
 * the owner's own requests succeed.)
 */
const t = await useTestApp();
let owner: TestClient;
let samePartner: TestClient;
let otherPartner: TestClient;
let nobody: TestClient;
let applicationId: string;
let debitorId: string;
let companyId: string;
/** A company of A that is no debtor yet. */
let freeCompanyId: string;

beforeAll(async () => {
  const [a, b, c] = await Promise.all([
    t.signUp('demo', { ip: '10.44.0.1' }),
    t.signUp('demo', { ip: '10.44.0.2' }),
    t.signUp('nordbank', { ip: '10.44.0.3' }),
  ]);
  [owner, samePartner, otherPartner] = [a.client, b.client, c.client];
  nobody = t.client('demo', { ip: '10.44.0.4' });
  applicationId = await createFactoringApplication(owner);
  await fillCards(owner, applicationId);
  companyId = (await addInsurerCompany(owner, applicationId, INSURER.musterbau)).company_id;
  debitorId = (await addDebitor(owner, applicationId, companyId)).debitor_id;
  freeCompanyId = (await addCompany(owner, applicationId, { companyName: 'Frei GmbH', hrNumber: null })).company_id;
  // The strangers have factoring applications of their own.
  await createFactoringApplication(samePartner);
  await createApplication(otherPartner, buildApplication({ loanDuration: 24, purposeSelect: 'inventory_expansion' }));
});

type Call = [label: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: () => string, body?: () => unknown];
const calls: Call[] = [
  ['GET details', 'GET', () => factoringPath(applicationId)],
  ['PATCH financials', 'PATCH', () => sectionPath(applicationId, 'financials'), () => buildFactoringFinancials()],
  ['PATCH invoices', 'PATCH', () => sectionPath(applicationId, 'invoices'), () => buildFactoringInvoices()],
  [
    'PATCH risk_protection',
    'PATCH',
    () => sectionPath(applicationId, 'risk_protection'),
    () => buildFactoringRiskProtection(),
  ],
  ['GET debitors', 'GET', () => debitorsPath(applicationId)],
  ['POST debitor', 'POST', () => debitorsPath(applicationId), () => buildDebitor(freeCompanyId)],
  ['PATCH debitor', 'PATCH', () => debitorPath(applicationId, debitorId), () => ({ currency: 'CHF' })],
  ['POST cover', 'POST', () => coverPath(applicationId, debitorId), () => ({})],
  [
    'POST import',
    'POST',
    () => importPath(applicationId),
    () => ({
      content: buildDebitorCsv([
        { company_name: 'Import GmbH', country: 'DE', register_id: 'HRB 42', annual_sales: '1', currency: 'EUR' },
      ]),
    }),
  ],
  [
    'POST companies',
    'POST',
    () => companiesPath(applicationId),
    () => buildNewCompany({ companyName: 'Fremdanlage GmbH' }),
  ],
  ['DELETE debitor', 'DELETE', () => debitorPath(applicationId, debitorId)],
];

describe('A’s factoring data, called by others', () => {
  it.each(calls)(
    '%s: 404 to B (same partner) and C (another partner), 401 to nobody, nothing changed',
    async (_, method, path, body) => {
      const before = await digest(t);
      for (const [who, client, status] of [
        ['B', samePartner, 404],
        ['C', otherPartner, 404],
        ['nobody', nobody, 401],
      ] as const) {
        const res = await client.request(method, path(), method === 'GET' ? undefined : (body?.() ?? {}));
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        if (status === 404) expect(errorsOf(res)[0]?.code, who).toBe('err_entity_not_found');
      }
      expect(await digest(t)).toEqual(before);
    },
  );

  it('the same calls succeed for A (the ids and bodies were right)', async () => {
    for (const [label, method, path, body] of calls) {
      const res = await owner.request(method, path(), method === 'GET' ? undefined : (body?.() ?? {}));
      expect([200, 201, 202, 204], `${label}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
