import { beforeAll, describe, expect, it } from 'vitest';
import { applicationResponse } from '@finportal/contracts/applications';
import { IBAN, IBAN_SPACED, createApplication, getApplication } from '../../test/dashboard.js';
import { expectErrors, useTestApp } from '../../test/harness.js';

/**
 * PATCH /user/applications/{id}/bankinfo (spec 2 sections 5 and 7): bank name 1 to 100
 * characters, IBAN at most 34 characters, valid, without underscore placeholders; stored in
 * electronic format; every error at once; the audit log never holds the IBAN.
 */
const t = await useTestApp();
const { client: owner, user: ownerUser } = await t.signUp('demo');

const save = (id: string, body: unknown) => owner.patch(`/user/applications/${id}/bankinfo`, body);

const bankRow = async (id: string) =>
  (
    await t.sql<{ bank_name: string | null; iban: string | null }>(
      'SELECT bank_name, iban FROM applications WHERE id = $1',
      [id],
    )
  )[0];

const auditsOf = (id: string) =>
  t.sql<{ action: string; user_id: string; data: Record<string, unknown> }>(
    "SELECT action, user_id, data FROM audit_log WHERE entity = 'application' AND entity_id = $1 AND action = 'application.bank_info_updated' ORDER BY id",
    [id],
  );

describe('a valid bank connection', () => {
  it('is stored with the IBAN in electronic format (spaces removed, upper case) and returned', async () => {
    const { applicationId: id } = await createApplication(owner);
    const res = await save(id, { bankName: '  Commerzbank Berlin ', iban: IBAN_SPACED.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const { application } = applicationResponse.parse(res.json());
    expect(application).toMatchObject({ applicationId: id, bankName: 'Commerzbank Berlin', iban: IBAN });
    expect(await bankRow(id)).toEqual({ bank_name: 'Commerzbank Berlin', iban: 'DE89370400440532013000' });
    expect(await getApplication(owner, id)).toMatchObject({ bankName: 'Commerzbank Berlin', iban: IBAN });
  });

  it('Austrian and Swiss IBANs, and a bank name of exactly 100 characters, are accepted; a new save replaces the old', async () => {
    const { applicationId: id } = await createApplication(owner);
    for (const iban of ['AT61 1904 3002 3457 3201', 'CH93 0076 2011 6238 5295 7']) {
      const res = await save(id, { bankName: 'B'.repeat(100), iban });
      expect(res.statusCode, res.body).toBe(200);
      expect(await bankRow(id)).toEqual({ bank_name: 'B'.repeat(100), iban: iban.replace(/ /g, '') });
    }
  });

  it('a pasted IBAN with no-break spaces, hyphens or dots is read (the shared validator)', async () => {
    const { applicationId: id } = await createApplication(owner);
    for (const iban of [
      'DE89\u00A03704\u00A00044\u00A00532\u00A00130\u00A000',
      'DE89\u202F3704\u202F0044\u202F0532\u202F0130\u202F00',
      'DE89-3704-0044-0532-0130-00',
    ]) {
      const res = await save(id, { bankName: 'Hausbank', iban });
      expect(res.statusCode, res.body).toBe(200);
      expect(await bankRow(id)).toEqual({ bank_name: 'Hausbank', iban: IBAN });
    }
  });

  it('writes an audit entry per save, without the IBAN or the bank name', async () => {
    const { applicationId: id } = await createApplication(owner);
    expect((await save(id, { bankName: 'Musterbank', iban: IBAN })).statusCode).toBe(200);
    expect((await save(id, { bankName: 'Zweitbank', iban: 'AT611904300234573201' })).statusCode).toBe(200);
    const audits = await auditsOf(id);
    expect(audits).toEqual([
      {
        action: 'application.bank_info_updated',
        user_id: ownerUser.userId,
        data: { had_bank_info: false, iban_country: 'DE' },
      },
      {
        action: 'application.bank_info_updated',
        user_id: ownerUser.userId,
        data: { had_bank_info: true, iban_country: 'AT' },
      },
    ]);
    const everything = JSON.stringify(
      await t.sql('SELECT * FROM audit_log WHERE entity_id = $1 OR user_id = $2', [id, ownerUser.userId]),
    );
    expect(everything).not.toContain('370400440532013000');
    expect(everything).not.toContain('1904300234573201');
    expect(everything).not.toContain('Musterbank');
  });
});

describe('refused input: 400 with every error, nothing stored', () => {
  let id: string;

  beforeAll(async () => {
    id = (await createApplication(owner)).applicationId;
    expect((await save(id, { bankName: 'Hausbank', iban: IBAN })).statusCode).toBe(200);
  });

  async function refused(body: unknown, items: { code: string; field?: string }[]) {
    const before = { row: await bankRow(id), audits: (await auditsOf(id)).length };
    expectErrors(await save(id, body), 400, items);
    expect({ row: await bankRow(id), audits: (await auditsOf(id)).length }).toEqual(before);
  }

  it('an invalid checksum is err_invalid_iban on iban', async () => {
    await refused({ bankName: 'Hausbank', iban: 'DE89370400440532013001' }, [
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
    await refused({ bankName: 'Hausbank', iban: 'DE89 3704 0044 0532 0130 01' }, [
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
  });

  it('a wrong length for the country, an unknown country and plain text are err_invalid_iban', async () => {
    await refused({ bankName: 'Hausbank', iban: 'DE8937040044053201300' }, [
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
    await refused({ bankName: 'Hausbank', iban: 'XX89370400440532013000' }, [
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
    await refused({ bankName: 'Hausbank', iban: 'not an iban' }, [{ code: 'err_invalid_iban', field: 'iban' }]);
  });

  it('the underscore placeholder of a masked input is err_invalid_iban', async () => {
    await refused({ bankName: 'Hausbank', iban: 'DE89 3704 0044 0532 0130 __' }, [
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
    await refused({ bankName: 'Hausbank', iban: 'DE89_370400440532013000' }, [
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
  });

  it('more than 34 characters is err_too_long (spaces not counted), far more is too', async () => {
    // 35 characters without spaces; a valid IBAN with an extra digit would still be 35.
    await refused({ bankName: 'Hausbank', iban: `${IBAN}1234567890123` }, [
      { code: 'err_too_long', field: 'iban' },
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
    await refused({ bankName: 'Hausbank', iban: 'DE89'.padEnd(60, '1') }, [{ code: 'err_too_long', field: 'iban' }]);
  });

  it('an empty, blank or missing IBAN is err_required; a number is err_invalid_value', async () => {
    await refused({ bankName: 'Hausbank', iban: '' }, [{ code: 'err_required', field: 'iban' }]);
    await refused({ bankName: 'Hausbank', iban: '   ' }, [{ code: 'err_required', field: 'iban' }]);
    await refused({ bankName: 'Hausbank' }, [{ code: 'err_required', field: 'iban' }]);
    await refused({ bankName: 'Hausbank', iban: 8937040044 }, [{ code: 'err_invalid_value', field: 'iban' }]);
  });

  it('an empty or blank bank name is err_required, 101 characters err_too_long', async () => {
    await refused({ bankName: '', iban: IBAN }, [{ code: 'err_required', field: 'bankName' }]);
    await refused({ bankName: '    ', iban: IBAN }, [{ code: 'err_required', field: 'bankName' }]);
    await refused({ iban: IBAN }, [{ code: 'err_required', field: 'bankName' }]);
    await refused({ bankName: 'B'.repeat(101), iban: IBAN }, [{ code: 'err_too_long', field: 'bankName' }]);
  });

  it('all errors at once', async () => {
    await refused({ bankName: '', iban: 'DE89370400440532013001' }, [
      { code: 'err_required', field: 'bankName' },
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
    await refused({ bankName: 'B'.repeat(101), iban: 'DE89 3704 0044 0532 0130 0_' }, [
      { code: 'err_too_long', field: 'bankName' },
      { code: 'err_invalid_iban', field: 'iban' },
    ]);
    await refused({}, [
      { code: 'err_required', field: 'bankName' },
      { code: 'err_required', field: 'iban' },
    ]);
  });

  it('the stored bank connection is still the last valid one', async () => {
    expect(await getApplication(owner, id)).toMatchObject({ bankName: 'Hausbank', iban: IBAN });
  });
});
