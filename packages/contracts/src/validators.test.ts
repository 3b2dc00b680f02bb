import { describe, expect, it } from 'vitest';
import { emailSchema, newPasswordSchema, anyPasswordSchema } from './validators.js';
import { registerRequest, changePasswordRequest } from './auth.js';
import { displayGroup, GROUP_COLOURS } from './statuses.js';

const codes = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('email', () => {
  it('lowercases and trims', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
  it.each([
    ['', 'err_required'],
    ['jane', 'err_invalid_email'],
    ['jane@example', 'err_invalid_email'],
    [`${'a'.repeat(245)}@ex.com`, 'err_too_long'],
  ])('rejects %j with %s', (value, code) => {
    expect(codes(emailSchema.safeParse(value))).toContain(code);
  });
});

describe('new password', () => {
  it('accepts a complex password', () => {
    expect(newPasswordSchema.safeParse('Secret#123').success).toBe(true);
  });
  it.each([
    ['', 'err_required'],
    ['Ab1#', 'err_password_too_short'],
    ['alllowercase1#', 'err_password_too_simple'],
    ['ALLUPPER1#', 'err_password_too_simple'],
    ['NoDigits#here', 'err_password_too_simple'],
    ['NoSpecial123', 'err_password_too_simple'],
    [`Aa1#${'x'.repeat(251)}`, 'err_password_too_long'],
  ])('rejects %j with %s', (value, code) => {
    expect(codes(newPasswordSchema.safeParse(value))).toContain(code);
  });
  it('login password skips complexity', () => {
    expect(anyPasswordSchema.safeParse('simple').success).toBe(true);
  });
});

describe('register', () => {
  const good = {
    email: 'a@b.de',
    password: 'Secret#123',
    accepted_terms: true,
    interface_language: 'de',
    communication_language: 'de',
  };
  it('needs the terms', () => {
    expect(codes(registerRequest.safeParse({ ...good, accepted_terms: false }))).toEqual(['err_terms_not_accepted']);
  });
  it('rejects an unknown language', () => {
    expect(codes(registerRequest.safeParse({ ...good, interface_language: 'xx' }))).toEqual([
      'err_language_not_supported',
    ]);
  });
  it('new password must differ from the old', () => {
    expect(codes(changePasswordRequest.safeParse({ old_password: 'Secret#123', new_password: 'Secret#123' }))).toEqual([
      'err_password_same_as_old',
    ]);
  });
});

describe('statuses', () => {
  it('maps raw statuses to groups and colours', () => {
    expect(displayGroup('Open')).toBe('not_completed');
    expect(displayGroup('Screening')).toBe('in_review');
    expect(displayGroup('Awaiting_Payout')).toBe('in_review_after_signature');
    expect(displayGroup('Limit_Active')).toBe('signed');
    expect(displayGroup('Whatever')).toBe('unknown');
    expect(GROUP_COLOURS[displayGroup('Signature')]).toBe('error');
  });
});
