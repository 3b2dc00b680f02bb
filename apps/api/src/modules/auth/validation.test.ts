import { describe, expect, it } from 'vitest';
import {
  buildUser,
  errorsOf,
  expectError,
  expectErrors,
  PASSWORD,
  registerAndConfirm,
  useTestApp,
} from '../../test/harness.js';

/** The field rules of spec 1 section 5 as the API enforces them: 400, the right code, the field. */
const t = await useTestApp();

const register = (body: Record<string, unknown>, partner = 'demo') => t.client(partner).post('/user/users', body);

/** An e-mail of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('e-mail', () => {
  it('missing: err_required', async () => {
    const { email: _omit, ...body } = buildUser();
    expectErrors(await register(body), 400, [{ code: 'err_required', field: 'email' }]);
  });

  it('empty: err_required', async () => {
    expectError(await register(buildUser({ email: '   ' })), 400, 'err_required', 'email');
  });

  it.each(['not-an-email', 'a@b', 'a b@example.com', '@example.com', 'user@example.c'])(
    'malformed %j: err_invalid_email',
    async (email) => {
      expectErrors(await register(buildUser({ email })), 400, [{ code: 'err_invalid_email', field: 'email' }]);
    },
  );

  it('longer than 250: err_too_long with {max:250}; exactly 250 is accepted', async () => {
    const res = await register(buildUser({ email: emailOfLength(251) }));
    expectErrors(res, 400, [{ code: 'err_too_long', field: 'email' }]);
    expect(errorsOf(res)[0]?.values).toEqual({ max: 250 });
    expect((await register(buildUser({ email: emailOfLength(250) }))).statusCode).toBe(201);
  });

  it('is trimmed and lowercased', async () => {
    const user = buildUser();
    expect((await register({ ...user, email: `  ${user.email.toUpperCase()} ` })).statusCode).toBe(201);
    expect(await t.sql('SELECT 1 FROM users WHERE email = $1', [user.email])).toHaveLength(1);
  });

  it('login and reset apply the same rules', async () => {
    expectErrors(await t.client().post('/user/account/login', { password: 'x' }), 400, [
      { code: 'err_required', field: 'email' },
    ]);
    expectErrors(await t.client().post('/user/account/reset', { email: 'nope' }), 400, [
      { code: 'err_invalid_email', field: 'email' },
    ]);
  });
});

describe('password', () => {
  it('missing: err_required', async () => {
    const { password: _omit, ...body } = buildUser();
    expectErrors(await register(body), 400, [{ code: 'err_required', field: 'password' }]);
  });

  it('shorter than 8: err_password_too_short with {min:8}', async () => {
    const res = await register(buildUser({ password: 'Ab1!xyz' }));
    expectErrors(res, 400, [{ code: 'err_password_too_short', field: 'password' }]);
    expect(errorsOf(res)[0]?.values).toEqual({ min: 8 });
  });

  it.each([
    ['no upper case', 'abcdef1!x'],
    ['no lower case', 'ABCDEF1!X'],
    ['no digit', 'Abcdefg!x'],
    ['no special character', 'Abcdefg1x'],
  ])('%s: err_password_too_simple', async (_rule, password) => {
    expectErrors(await register(buildUser({ password })), 400, [
      { code: 'err_password_too_simple', field: 'password' },
    ]);
  });

  it('longer than 254: err_password_too_long; exactly 254 is accepted', async () => {
    expectErrors(await register(buildUser({ password: `Aa1!${'x'.repeat(251)}` })), 400, [
      { code: 'err_password_too_long', field: 'password' },
    ]);
    expect((await register(buildUser({ password: `Aa1!${'x'.repeat(250)}` }))).statusCode).toBe(201);
  });

  it('exactly 8 characters with all four classes is accepted', async () => {
    expect((await register(buildUser({ password: 'Ab1!wxyz' }))).statusCode).toBe(201);
  });

  it('login and old_password skip the complexity check (a wrong simple password is a credentials error, not 400)', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c);
    expectErrors(await t.client().login(user.email, 'simple'), 401, [{ code: 'err_invalid_credentials' }]);
    expectErrors(
      await c.post('/user/account/change_password', { old_password: 'simple', new_password: 'Changed-Passw0rd!' }),
      400,
      [{ code: 'err_invalid_current_password', field: 'old_password' }],
    );
  });

  it('new_password of change_password, password of recover and invite_accept follow the rules', async () => {
    const c = t.client();
    const user = await registerAndConfirm(c);
    expectErrors(
      await c.post('/user/account/change_password', { old_password: user.password, new_password: 'simplepassword' }),
      400,
      [{ code: 'err_password_too_simple', field: 'new_password' }],
    );
    expectErrors(
      await c.post('/user/account/change_password', { old_password: user.password, new_password: user.password }),
      400,
      [{ code: 'err_password_same_as_old', field: 'new_password' }],
    );
    expectErrors(await t.client().post('/user/account/recover', { password: 'short', token: 'x'.repeat(43) }), 400, [
      { code: 'err_password_too_short', field: 'password' },
      { code: 'err_password_too_simple', field: 'password' },
    ]);
    expectError(
      await t.client().post('/user/account/invite_accept', {
        password: 'alllowercase1!',
        token: 'x'.repeat(43),
        accepted_terms: true,
        interface_language: 'de',
        communication_language: 'de',
      }),
      400,
      'err_password_too_simple',
      'password',
    );
  });
});

describe('terms, partner terms and languages', () => {
  it('terms unticked or missing: err_terms_not_accepted', async () => {
    expectErrors(await register(buildUser({ accepted_terms: false as unknown as true })), 400, [
      { code: 'err_terms_not_accepted', field: 'accepted_terms' },
    ]);
    const { accepted_terms: _omit, ...body } = buildUser();
    expectErrors(await register(body), 400, [{ code: 'err_terms_not_accepted', field: 'accepted_terms' }]);
  });

  it('partner terms unticked on nordbank (required there): err_partner_terms_not_accepted; not needed on demo', async () => {
    expectErrors(await register(buildUser({ accepted_partner_terms: false }), 'nordbank'), 400, [
      { code: 'err_partner_terms_not_accepted', field: 'accepted_partner_terms' },
    ]);
    const { accepted_partner_terms: _omit, ...body } = buildUser();
    expectErrors(await register(body, 'nordbank'), 400, [
      { code: 'err_partner_terms_not_accepted', field: 'accepted_partner_terms' },
    ]);
    expect((await register(buildUser({ accepted_partner_terms: false }), 'demo')).statusCode).toBe(201);
  });

  it('a language the partner does not offer: err_language_not_supported (vistula has no fr)', async () => {
    expectErrors(await register(buildUser({ interface_language: 'fr' }), 'vistula'), 400, [
      { code: 'err_language_not_supported', field: 'interface_language' },
    ]);
    expectErrors(await register(buildUser({ communication_language: 'fr' }), 'vistula'), 400, [
      { code: 'err_language_not_supported', field: 'communication_language' },
    ]);
    expect(
      (await register(buildUser({ interface_language: 'pl', communication_language: 'pl' }), 'vistula')).statusCode,
    ).toBe(201);
  });

  it('a missing language is err_required, not err_language_not_supported', async () => {
    const { interface_language: _i, communication_language: _c, ...rest } = buildUser();
    expectErrors(await register(rest), 400, [
      { code: 'err_required', field: 'interface_language' },
      { code: 'err_required', field: 'communication_language' },
    ]);
  });

  it('a language nobody offers: err_language_not_supported', async () => {
    expectErrors(await register(buildUser({ interface_language: 'xx' as 'de' })), 400, [
      { code: 'err_language_not_supported', field: 'interface_language' },
    ]);
  });

  it('the profile language must be offered by the partner too', async () => {
    const c = t.client('vistula');
    const user = await registerAndConfirm(c, { interface_language: 'pl', communication_language: 'pl' });
    expectErrors(await c.patch(`/user/profile/${user.userId}`, { interface_language: 'fr' }), 400, [
      { code: 'err_language_not_supported', field: 'interface_language' },
    ]);
    expectErrors(await c.patch(`/user/profile/${user.userId}`, { communication_language: 'xx' }), 400, [
      { code: 'err_language_not_supported', field: 'communication_language' },
    ]);
  });

  it('invite_accept checks partner terms and languages like register', async () => {
    const email = buildUser().email;
    const { token } = (await t.client('nordbank').post('/dev/invitations', { email })).json<{ token: string }>();
    expectErrors(
      await t.client('nordbank').post('/user/account/invite_accept', {
        password: PASSWORD,
        token,
        accepted_terms: true,
        accepted_partner_terms: false,
        interface_language: 'fr',
        communication_language: 'de',
      }),
      400,
      [
        { code: 'err_partner_terms_not_accepted', field: 'accepted_partner_terms' },
        { code: 'err_language_not_supported', field: 'interface_language' },
      ],
    );
  });
});

describe('several errors at once', () => {
  it('answers every failing field, not only the first', async () => {
    const res = await register({
      email: 'not-an-email',
      password: 'short',
      accepted_terms: false,
      interface_language: 'xx',
      communication_language: 'en',
    });
    expect(res.statusCode).toBe(400);
    const got = errorsOf(res).map((e) => `${e.field}:${e.code}`);
    expect(got).toEqual(
      expect.arrayContaining([
        'email:err_invalid_email',
        'password:err_password_too_short',
        'password:err_password_too_simple',
        'accepted_terms:err_terms_not_accepted',
        'interface_language:err_language_not_supported',
      ]),
    );
    expect(got).toHaveLength(5);
  });

  it('the partner rules too (nordbank: partner terms and both languages at once)', async () => {
    expectErrors(
      await register(
        buildUser({ accepted_partner_terms: false, interface_language: 'pl', communication_language: 'fr' }),
        'nordbank',
      ),
      400,
      [
        { code: 'err_partner_terms_not_accepted', field: 'accepted_partner_terms' },
        { code: 'err_language_not_supported', field: 'interface_language' },
        { code: 'err_language_not_supported', field: 'communication_language' },
      ],
    );
  });

  it('nothing is stored and no mail is sent for a refused registration', async () => {
    const user = buildUser({ password: 'short' });
    await register(user);
    expect(await t.sql('SELECT 1 FROM users WHERE email = $1', [user.email])).toHaveLength(0);
    expect(await t.mailbox(user.email)).toHaveLength(0);
  });
});

describe('other bodies', () => {
  it('update_marketing_preferences needs a boolean', async () => {
    const c = t.client('nordbank');
    await registerAndConfirm(c);
    expectErrors(await c.post('/user/account/update_marketing_preferences', {}), 400, [
      { code: 'err_required', field: 'marketing_consent_accepted' },
    ]);
    expectError(
      await c.post('/user/account/update_marketing_preferences', { marketing_consent_accepted: 'yes' }),
      400,
      'err_invalid_value',
      'marketing_consent_accepted',
    );
  });

  it('a body that is not JSON answers 400 err_validation_failed', async () => {
    expectErrors(await t.client().post('/user/account/login', undefined, { rawBody: '{"email":' }), 400, [
      { code: 'err_validation_failed' },
    ]);
  });
});
