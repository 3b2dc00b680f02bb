import { describe, expect, it } from 'vitest';
import { staffProfileSchema } from '@finportal/contracts/backoffice';
import { newStaff, staffLogin } from '../../test/backoffice.js';
import { useTestApp } from '../../test/harness.js';
import { STAFF_COOKIE } from '../../platform/staff-session.js';
import { totpCode } from '../../platform/totp.js';

const t = await useTestApp({ LOGIN_FREE_FAILURES: '3' });
let ip = 0;
const client = (host = 'demo') => t.client(host, { ip: `10.6.0.${++ip}` });

describe('staff login with password and one-time code', () => {
  it('logs in with all three; the same code works once; a code of the step before is accepted', async () => {
    const account = await newStaff(t, { kind: 'bouser' });
    const c = client();
    const code = totpCode(account.totpSecret);
    const ok = await staffLogin(c, account, code);
    expect(ok.statusCode, ok.body).toBe(200);
    const profile = staffProfileSchema.parse(ok.json());
    expect(profile).toMatchObject({
      email: account.email,
      kind: 'bouser',
      role: null,
      partner_id: null,
      host_partner_id: 'demo',
    });
    expect(profile.permissions).toContain('cases.approve');
    expect(profile.partners.map((p) => p.key).sort()).toEqual(['alpen', 'demo', 'nordbank', 'vistula']);
    const cookie = ok.cookies.find((k) => k.name === STAFF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    const replay = await staffLogin(client(), account, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ errors: [{ code: 'err_invalid_credentials' }] });

    const other = await newStaff(t, { kind: 'puser', partner: 'demo', role: 'role_partner_user' });
    const drift = await staffLogin(client(), other, totpCode(other.totpSecret, Date.now() - 30_000));
    expect(drift.statusCode, drift.body).toBe(200);
    expect(staffProfileSchema.parse(drift.json())).toMatchObject({ kind: 'puser', partner_id: 'demo' });
    expect(staffProfileSchema.parse(drift.json()).permissions).not.toContain('cases.approve');
  });

  it('refuses a wrong code, a wrong password and an unknown e-mail alike, and a malformed code with its field', async () => {
    const account = await newStaff(t, { kind: 'bouser' });
    const good = totpCode(account.totpSecret);
    const wrongCode = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all([
      staffLogin(client(), account, wrongCode),
      client().post('/backoffice/login', { email: account.email, password: 'Wrong-Passw0rd!', code: good }),
      client().post('/backoffice/login', { email: 'nobody@bank.example', password: 'Wrong-Passw0rd!', code: good }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: [{ code: 'err_invalid_credentials' }] });
    }
    const malformed = await client().post('/backoffice/login', { email: account.email, password: 'x', code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ errors: [{ code: 'err_mfa_code_invalid', field: 'code' }] });
    // None of the refused attempts used the code up.
    expect((await staffLogin(client(), account, good)).statusCode).toBe(200);
  });

  it('is throttled like the borrower login: the source waits after the free failures', async () => {
    const account = await newStaff(t, { kind: 'bouser' });
    const c = client();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await c.post('/backoffice/login', { email: account.email, password: 'Wrong-Passw0rd!', code: '000000' }))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await staffLogin(c, account);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().errors[0].code).toBe('err_too_many_requests');
  });

  it('a disabled account is told so, once password and code are right', async () => {
    const account = await newStaff(t, { kind: 'bouser' });
    await t.sql("UPDATE staff_users SET status = 'disabled' WHERE id = $1", [account.id]);
    const res = await staffLogin(client(), account);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: [{ code: 'err_entity_disabled' }] });
  });
});
