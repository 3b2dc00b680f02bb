import { describe, expect, it } from 'vitest';
import { buildApplication } from '../../test/application-factories.js';
import { actionsOf, createApplication, daysAgo, pendingItemsApp, seed } from '../../test/dashboard.js';

/**
 * GET /user/applications/{id}/next_status_validate, the document checks: required documents per
 * product (uploaded, not infected, recent enough; missing and outdated apart) and the debt
 * register as its own step. The other product and partner checks: pending-items-products.test.ts.
 */
const { t, demo, nord } = await pendingItemsApp();

const demoApplication = async () => (await createApplication(demo)).applicationId;

describe('documents (demo: annual_statement_2024 and bwa_susa, at most 90 days old, are required)', () => {
  it('missing and outdated types are listed apart; a failed, pending, deleted, infected or unscannable upload does not count', async () => {
    const id = await demoApplication();
    const missing = async () => (await actionsOf(demo, id)).required_documents;
    expect(await missing()).toEqual([
      { code: 'err_required_documents_missing', values: ['annual_statement_2024', 'bwa_susa'] },
    ]);

    // No age limit for the annual statement: an undated one counts.
    await seed(t, id, {
      documents: [
        { document_type: 'annual_statement_2024' },
        { document_type: 'bank_statement', as_of_date: daysAgo(5) },
      ],
    });
    expect(await missing()).toEqual([{ code: 'err_required_documents_missing', values: ['bwa_susa'] }]);

    // Uploads that did not finish are no documents at all.
    await seed(t, id, {
      documents: [
        { document_type: 'bwa_susa', as_of_date: daysAgo(5), upload_status: 'failed' },
        { document_type: 'bwa_susa', as_of_date: daysAgo(5), upload_status: 'pending' },
      ],
    });
    expect(await missing()).toEqual([{ code: 'err_required_documents_missing', values: ['bwa_susa'] }]);

    // Too old, or undated for a type with an age limit: there, but out of date.
    await seed(t, id, {
      documents: [
        { document_type: 'bwa_susa', as_of_date: daysAgo(120) },
        { document_type: 'bwa_susa', as_of_date: null },
      ],
    });
    expect(await missing()).toEqual([{ code: 'err_documents_outdated', values: ['bwa_susa'] }]);

    await seed(t, id, { documents: [{ document_type: 'bwa_susa', as_of_date: daysAgo(5) }] });
    expect(await missing()).toBeUndefined();

    // The current one deleted: only the outdated ones are left.
    await t.sql(
      "UPDATE documents SET deleted_at = now() WHERE application_id = $1 AND document_type = 'bwa_susa' AND upload_status = 'success' AND as_of_date > now() - interval '30 days'",
      [id],
    );
    expect(await missing()).toEqual([{ code: 'err_documents_outdated', values: ['bwa_susa'] }]);

    // Infected, or a scan that failed: never counts.
    for (const status of ['infected', 'scan_failed']) {
      await seed(t, id, { documents: [{ document_type: 'bwa_susa', as_of_date: daysAgo(60) }] });
      expect(await missing()).toBeUndefined();
      await t.sql(
        `UPDATE documents SET virus_scan_status = '${status}' WHERE application_id = $1 AND document_type = 'bwa_susa' AND deleted_at IS NULL`,
        [id],
      );
      expect(await missing(), status).toEqual([{ code: 'err_required_documents_missing', values: ['bwa_susa'] }]);
    }
  });

  it('one type missing and another outdated: two errors on the same step', async () => {
    const id = await demoApplication();
    await seed(t, id, { documents: [{ document_type: 'bwa_susa', as_of_date: daysAgo(91) }] });
    expect((await actionsOf(demo, id)).required_documents).toEqual([
      { code: 'err_required_documents_missing', values: ['annual_statement_2024'] },
      { code: 'err_documents_outdated', values: ['bwa_susa'] },
    ]);
  });

  it("another application's documents do not count", async () => {
    const first = await demoApplication();
    await seed(t, first, { documents: [{ document_type: 'annual_statement_2024' }] });
    const second = await demoApplication();
    expect((await actionsOf(demo, second)).required_documents).toEqual([
      { code: 'err_required_documents_missing', values: ['annual_statement_2024', 'bwa_susa'] },
    ]);
  });
});

describe('debt register (nordbank: its own check, at most 14 days old)', () => {
  it('missing, then older than 14 days or undated (outdated): pending; a fresh one clears it', async () => {
    const { applicationId: id } = await createApplication(
      nord,
      buildApplication({ loanDuration: 24, purposeSelect: 'inventory_expansion' }),
    );
    let actions = await actionsOf(nord, id);
    expect(actions.debt_register).toEqual([{ code: 'err_debt_registry_missing', values: ['debt_register'] }]);
    // The debt register is its own step, not one of the required documents.
    expect(actions.required_documents).toEqual([
      { code: 'err_required_documents_missing', values: ['annual_statement_2024'] },
    ]);

    await seed(t, id, {
      documents: [
        { document_type: 'annual_statement_2024' },
        { document_type: 'debt_register', as_of_date: daysAgo(20) },
        { document_type: 'debt_register', as_of_date: null },
      ],
    });
    actions = await actionsOf(nord, id);
    expect(actions.required_documents).toBeUndefined();
    expect(actions.debt_register).toEqual([{ code: 'err_documents_outdated', values: ['debt_register'] }]);

    await seed(t, id, { documents: [{ document_type: 'debt_register', as_of_date: daysAgo(5) }] });
    expect((await actionsOf(nord, id)).debt_register).toBeUndefined();
  });

  it('a partner without the debt register check never asks for it (demo)', async () => {
    const actions = await actionsOf(demo, await demoApplication());
    expect(actions.debt_register).toBeUndefined();
  });
});
