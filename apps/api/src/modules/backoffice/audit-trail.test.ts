import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildBankInfo } from '@finportal/testing/factories';
import { runAdmin } from '../../admin.js';
import { openDatabase } from '../../db/client.js';
import { createApplication, seed } from '../../test/dashboard.js';
import { loggedInStaff } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';
import { maskSensitive, sealAudit, verifyAuditChain } from '../../platform/audit.js';

const t = await useTestApp();

describe('the audit trail', () => {
  it('masks IBANs, tax ids and birth dates at any depth', () => {
    expect(
      maskSensitive({
        iban: 'DE89 3704 0044 0532 0130 00',
        after: { tax_id: '12345678901', taxIdNumber: 'DE123456789', date_of_birth: '1980-05-17', name: 'Anna' },
        list: [{ birth_date: '1975-01-02' }],
      }),
    ).toEqual({
      iban: '******************3000',
      after: { tax_id: '*********01', taxIdNumber: '*********89', date_of_birth: '1980-**-**', name: 'Anna' },
      list: [{ birth_date: '1975-**-**' }],
    });
  });

  it('records who did what to a case, with before and after, borrower and staff alike', async () => {
    const borrower = await t.signUp('demo');
    const id = (await createApplication(borrower.client)).applicationId;
    const bank = await borrower.client.patch(`/user/applications/${id}/bankinfo`, buildBankInfo());
    expect(bank.statusCode, bank.body).toBe(200);
    await seed(t, id, { status: 'Submitted' });
    const staff = await loggedInStaff(t, { kind: 'bouser' });
    await staff.client.post(`/backoffice/applications/${id}/assign`, { assignee: 'me' });
    const res = await staff.client.get(`/backoffice/audit?application_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().entries as { action: string; actor: { kind: string; email: string }; after: unknown }[];
    expect(entries[0]).toMatchObject({
      action: 'application.assigned',
      actor: { kind: 'staff', email: staff.account.email },
      after: { assignee_id: staff.account.id },
    });
    const bankEntry = entries.find((e) => e.action === 'application.bank_info_updated');
    expect(bankEntry?.actor).toEqual({ kind: 'user', email: borrower.user.email });
    expect(JSON.stringify(entries)).not.toMatch(/DE89\s?3704/);
  });

  it('the hash chain finds an edited, a removed and a newest removed entry', async () => {
    const borrower = await t.signUp('demo');
    await createApplication(borrower.client);
    while ((await sealAudit(t.ctx.db)) > 0);
    const intact = await verifyAuditChain(t.ctx.db, 7);
    expect(intact).toMatchObject({ ok: true, problems: [], unsealed: 0 });
    expect(intact.checked).toBeGreaterThan(10);

    const [middle] = await t.sql<{ id: number; seq: number }>('SELECT id, seq FROM audit_log WHERE seq = 5');
    await t.sql(`UPDATE audit_log SET data = '{"forged": true}' WHERE id = $1`, [middle!.id]);
    const edited = await verifyAuditChain(t.ctx.db, 7);
    expect(edited.ok).toBe(false);
    expect(edited.problems).toEqual([`entry 5 (id ${middle!.id}) was changed after it was written`]);

    await t.sql('DELETE FROM audit_log WHERE seq = 8');
    const removed = await verifyAuditChain(t.ctx.db, 7);
    expect(removed.problems).toContain('entries 8 to 8 of the chain are missing (removed)');

    const [last] = await t.sql<{ seq: number }>('SELECT max(seq)::int AS seq FROM audit_log');
    await t.sql('DELETE FROM audit_log WHERE seq = $1', [last!.seq]);
    const newest = await verifyAuditChain(t.ctx.db, 7);
    expect(newest.problems.at(-1)).toBe(
      `the chain ends at entry ${last!.seq - 1}, but ${last!.seq} entries were sealed (the newest removed)`,
    );
  });

  it('npm run admin -- audit-verify says intact, then BROKEN after a row was changed (embedded database)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fp-admin-'));
    const env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
    try {
      const lines: string[] = [];
      const out = (line: string) => lines.push(line);
      expect(
        await runAdmin(
          ['create-user', '--email', 'ops@bank.example', '--password', 'Start-Passw0rd!', '--kind', 'bouser'],
          out,
          env,
        ),
      ).toBe(0);
      expect(lines[0]).toBe('Created bouser ops@bank.example (every partner), id ' + lines[0]!.split('id ')[1]);
      expect(lines.join('\n')).toMatch(/otpauth:\/\/totp\/finportal:ops%40bank\.example\?.*secret=[A-Z2-7]+/);
      lines.length = 0;
      expect(
        await runAdmin(
          ['create-user', '--email', 'p@bank.example', '--password', 'short', '--kind', 'puser'],
          out,
          env,
        ),
      ).toBe(1);
      expect(lines[0]).toMatch(/^Not created: --password/);
      lines.length = 0;
      expect(await runAdmin(['audit-verify'], out, env)).toBe(0);
      expect(lines[0]).toMatch(/^Audit trail intact: \d+ entries checked/);

      const db = await openDatabase({ dataDir: path.join(dir, 'db') });
      await db.query(`UPDATE audit_log SET action = 'staff.forged' WHERE seq = 1`);
      await db.close();
      lines.length = 0;
      expect(await runAdmin(['audit-verify'], out, env)).toBe(1);
      expect(lines.join('\n')).toContain('Audit trail BROKEN');
      expect(lines.join('\n')).toContain('entry 1 (id');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
