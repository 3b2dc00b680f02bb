import { changePasswordRequest, loginRequest } from '@finportal/contracts/auth';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { applyServerErrors, lazySchemaValidator, zodErrors, zodValidate } from './zod-form';

describe('zod → Mantine form adapter', () => {
  it('translates the contract codes, first error per field', () => {
    expect(zodErrors(loginRequest, { email: '', password: '' })).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
    });
    expect(zodErrors(loginRequest, { email: 'a@b.example', password: 'x' })).toEqual({});
  });

  it('passes limits as interpolation values and maps refinements to their path', () => {
    const errors = zodErrors(changePasswordRequest, { old_password: 'Same#123', new_password: 'Same#123' });
    expect(errors).toEqual({ new_password: 'The new password must differ from the current one.' });
    expect(zodErrors(loginRequest, { email: `${'a'.repeat(250)}@b.example`, password: 'x' })).toEqual({
      email: 'Please enter no more than 250 characters.',
    });
  });

  it('adds extra validators only on fields that are still valid', () => {
    const validate = zodValidate<{ email: string; password: string }>(loginRequest, () => ({
      email: 'extra',
      password: 'extra',
    }));
    expect(validate({ email: '', password: 'x' })).toEqual({ email: 'This field is required.', password: 'extra' });
  });

  it('loads the schema on demand', async () => {
    let loads = 0;
    const validator = lazySchemaValidator(async () => {
      loads += 1;
      return loginRequest;
    });
    expect(await validator.validate({ email: 'bad', password: '' })).toEqual({
      email: 'Please enter a valid e-mail address.',
      password: 'This field is required.',
    });
    expect(await validator.parse({ email: ' Max@Example.COM ', password: 'x' })).toEqual({
      email: 'max@example.com',
      password: 'x',
    });
    expect(loads).toBe(1);
  });

  it('puts server field errors on the form and returns the others', () => {
    const set: Record<string, string> = {};
    const error = new ApiError({
      kind: 'http',
      status: 400,
      method: 'POST',
      path: '/user/users',
      errors: [{ code: 'err_too_long', field: 'email', values: { max: 250 } }, { code: 'err_too_many_requests' }],
    });
    const rest = applyServerErrors({ setFieldError: (k, v) => (set[k] = v) }, error, ['email']);
    expect(set).toEqual({ email: 'Please enter no more than 250 characters.' });
    expect(rest).toEqual([{ code: 'err_too_many_requests' }]);
  });
});
