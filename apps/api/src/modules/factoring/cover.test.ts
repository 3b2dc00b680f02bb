import { describe, expect, it } from 'vitest';
import {
  addCompany,
  addDebitor,
  addInsurerCompany,
  addTypedDebitor,
  auditsOf,
  coverPath,
  createFactoringApplication,
  debitorOf,
  digest,
  INSURER,
  insurerIdEndingIn,
  listDebitors,
  runCoverJobs,
} from '../../test/factoring.js';
import { errorsOf, useTestApp } from '../../test/harness.js';
import { MAX_COVER_POLLS } from './cover-job.js';

/**
 * Debtor insurance cover (spec 2 sections 3 and 4; issue 12; ADR 018): requested only for a debtor
 * whose company's external provider is the credit insurer, with a provider id and no cover yet;
 * the demo insurer answers through jobs on the queue (Pending, then its decision).
 */
const t = await useTestApp();
const { client: owner } = await t.signUp('demo', { ip: '10.42.0.1' });

/** A debtor of the insurer's company `insurerId` on a new factoring application. */
async function insuredDebitor(insurerId: string, sales = 250_000) {
  const id = await createFactoringApplication(owner);
  const company = await addInsurerCompany(owner, id, insurerId);
  const debitor = await addDebitor(owner, id, company.company_id, { annual_sales_previous_year: sales });
  return { id, debitor };
}

const statusOf = async (id: string, debitorId: string) =>
  (await listDebitors(owner, id)).result.find((d) => d.debitor_id === debitorId)!;

describe('requesting cover', () => {
  it('a debtor the insurer knows: Pending at once, then the insurer’s decision through the job queue (Cover, the amount asked)', async () => {
    const { id, debitor } = await insuredDebitor(INSURER.musterbau, 400_000.5);
    expect(debitor.can_request_cover).toBe(true);
    expect(debitor.external_provider_company).toEqual({
      external_provider_name: INSURER.name,
      external_provider_company_id: INSURER.musterbau,
    });
    const pending = debitorOf(await owner.post(coverPath(id, debitor.debitor_id), {}), 202);
    expect(pending.insurance_cover).toEqual({
      cover_status: 'Pending',
      cover_amount: null,
      cover_currency: null,
      provider_data: null,
    });
    expect(pending.can_request_cover).toBe(false);

    // The first job places the request; the insurer answers after its poll interval.
    await t.ctx.jobs.drain();
    const [placed] = await t.sql<{ cover_reference: string | null; cover_status: string }>(
      'SELECT cover_reference, cover_status FROM factoring_debitors WHERE id = $1',
      [debitor.debitor_id],
    );
    expect(placed).toEqual({ cover_reference: expect.stringContaining(INSURER.musterbau), cover_status: 'Pending' });
    expect((await statusOf(id, debitor.debitor_id)).insurance_cover?.cover_status).toBe('Pending');

    await runCoverJobs(t);
    const decided = await statusOf(id, debitor.debitor_id);
    expect(decided.insurance_cover).toEqual({
      cover_status: 'Cover',
      cover_amount: 400_000.5,
      cover_currency: 'EUR',
      provider_data: expect.objectContaining({ insurer: INSURER.name, decision_id: `DEMO-COVER-${INSURER.musterbau}` }),
    });
    const actions = (await auditsOf(t, 'debitor', id)).map((a) => a.action);
    expect(actions).toEqual(['debitor.added', 'debitor.cover_requested', 'debitor.cover_decided']);
    // Once decided, more jobs change nothing.
    await runCoverJobs(t, 2);
    expect((await statusOf(id, debitor.debitor_id)).insurance_cover?.cover_status).toBe('Cover');
  });

  it.each([
    [5, 'Partial', 100_000, 'EUR'],
    [6, 'Partial', 100_000, 'EUR'],
    [7, 'NoCover', 0, 'EUR'],
    [8, 'Rejected', null, null],
    [INSURER.wisla, 'CheckPolicy', null, null],
    [INSURER.alpenblick, 'Cover', 200_000, 'EUR'],
  ] as const)(
    'insurer company %s (a digit: the last of its id) ends in %s with amount %s %s',
    async (which, status, amount, currency) => {
      const insurerId = typeof which === 'number' ? await insurerIdEndingIn(t, which) : which;
      const { id, debitor } = await insuredDebitor(insurerId, 200_000);
      debitorOf(await owner.post(coverPath(id, debitor.debitor_id), {}), 202);
      await runCoverJobs(t, 2);
      expect((await statusOf(id, debitor.debitor_id)).insurance_cover).toMatchObject({
        cover_status: status,
        cover_amount: amount,
        cover_currency: currency,
      });
    },
  );

  it('an insurer that never decides: Pending for every poll, then Error; a new request may then be made', async () => {
    const { id, debitor } = await insuredDebitor(await insurerIdEndingIn(t, 9));
    debitorOf(await owner.post(coverPath(id, debitor.debitor_id), {}), 202);
    await runCoverJobs(t, MAX_COVER_POLLS);
    expect((await statusOf(id, debitor.debitor_id)).insurance_cover?.cover_status).toBe('Pending');
    await runCoverJobs(t, 1);
    const failed = await statusOf(id, debitor.debitor_id);
    expect(failed.insurance_cover).toMatchObject({
      cover_status: 'Error',
      provider_data: expect.objectContaining({ reason: 'no_decision' }),
    });
    expect(failed.can_request_cover).toBe(true);
    const again = debitorOf(await owner.post(coverPath(id, debitor.debitor_id), {}), 202);
    expect(again.insurance_cover?.cover_status).toBe('Pending');
  });
});

describe('the cover rules (spec 2 section 4): refused with 409, nothing stored, no job', () => {
  it('a debtor whose provider is not the insurer (typed, or found in the company register)', async () => {
    const id = await createFactoringApplication(owner);
    const typed = await addTypedDebitor(owner, id, 'Ohne Versicherer GmbH');
    const registry = await addCompany(owner, id, {
      companyName: 'Wird ersetzt',
      hrNumber: null,
      external_provider_name: 'demo_registry',
      external_provider_company_id: 'DEMO-DE-000002',
    });
    expect(registry.company_name).toBe('Müller Metallbau GmbH');
    const fromRegistry = await addDebitor(owner, id, registry.company_id);
    for (const debitor of [typed, fromRegistry]) {
      expect(debitor.can_request_cover).toBe(false);
      const before = await digest(t);
      const res = await owner.post(coverPath(id, debitor.debitor_id), {});
      expect(res.statusCode, res.body).toBe(409);
      expect(errorsOf(res)).toEqual([{ code: 'err_cover_provider_not_insurer' }]);
      expect(await digest(t)).toEqual(before);
    }
  });

  it('a debtor of the insurer without a provider company id', async () => {
    const id = await createFactoringApplication(owner);
    const debitor = await addTypedDebitor(owner, id, 'Halb Bekannt GmbH');
    await t.sql(`UPDATE companies SET external_provider_name = $2 WHERE id = $1`, [
      debitor.company.company_id,
      INSURER.name,
    ]);
    const res = await owner.post(coverPath(id, debitor.debitor_id), {});
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)).toEqual([{ code: 'err_cover_provider_id_missing' }]);
  });

  it('a debtor that has cover, or a request under way', async () => {
    const { id, debitor } = await insuredDebitor(INSURER.mueller);
    debitorOf(await owner.post(coverPath(id, debitor.debitor_id), {}), 202);
    const pending = await owner.post(coverPath(id, debitor.debitor_id), {});
    expect(pending.statusCode).toBe(409);
    expect(errorsOf(pending)).toEqual([{ code: 'err_cover_exists' }]);
    await runCoverJobs(t, 2);
    const covered = await owner.post(coverPath(id, debitor.debitor_id), {});
    expect(errorsOf(covered)).toEqual([{ code: 'err_cover_exists' }]);
    const jobs = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE type = 'factoring.cover' AND payload->>'debitor_id' = $1 AND payload->>'poll' = '0'`,
      [debitor.debitor_id],
    );
    expect(jobs[0]!.n).toBe(1);
  });

  it('a body is refused (nothing to send), and another application’s debtor is 404', async () => {
    const { id, debitor } = await insuredDebitor(INSURER.musterbau);
    expect((await owner.post(coverPath(id, debitor.debitor_id), { cover_amount: 1 })).statusCode).toBe(400);
    const otherId = await createFactoringApplication(owner);
    const res = await owner.post(coverPath(otherId, debitor.debitor_id), {});
    expect(res.statusCode).toBe(404);
  });
});
