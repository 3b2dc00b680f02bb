import { z } from 'zod';
import { anyPasswordSchema, emailSchema, languageSchema, mustBeTrue, newPasswordSchema } from './validators.js';

export const loginRequest = z.object({
  email: emailSchema,
  password: anyPasswordSchema,
});
export type LoginRequest = z.input<typeof loginRequest>;

export const profileResponse = z.object({
  user_id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  is_email_confirmed: z.boolean(),
  interface_language: languageSchema,
  communication_language: languageSchema,
  region: z.string().nullable(),
  marketing_consent_accepted: z.boolean(),
  user_kind: z.enum(['user', 'puser', 'bouser']),
});
export type Profile = z.infer<typeof profileResponse>;

export const updateProfileRequest = z.object({
  interface_language: languageSchema.optional(),
  communication_language: languageSchema.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

export const registerRequest = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  accepted_terms: mustBeTrue('err_terms_not_accepted'),
  /** Required to be true only when the partner demands partner terms (checked by the API). */
  accepted_partner_terms: z.boolean().optional().default(false),
  marketing_consent_accepted: z.boolean().optional().default(false),
  interface_language: languageSchema,
  communication_language: languageSchema,
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

/** A call without input (logout, resend confirmation): an empty JSON object, or no body. */
export const emptyRequest = z.object({}).optional();
export type EmptyRequest = z.input<typeof emptyRequest>;

/** PATCH /user/profile/{userId} */
export const userIdParams = z.object({ userId: z.string() });
export type UserIdParams = z.infer<typeof userIdParams>;

export const resetRequest = z.object({ email: emailSchema });
export type ResetRequest = z.input<typeof resetRequest>;

export const tokenSchema = z
  .string({ error: 'err_token_invalid' })
  .min(16, { error: 'err_token_invalid' })
  .max(200, { error: 'err_token_invalid' });

export const recoverRequest = z.object({
  password: newPasswordSchema,
  token: tokenSchema,
});
export type RecoverRequest = z.input<typeof recoverRequest>;

export const inviteAcceptRequest = z.object({
  password: newPasswordSchema,
  token: tokenSchema,
  accepted_terms: mustBeTrue('err_terms_not_accepted'),
  accepted_partner_terms: z.boolean().optional().default(false),
  interface_language: languageSchema,
  communication_language: languageSchema,
});
export type InviteAcceptRequest = z.input<typeof inviteAcceptRequest>;
/** POST /user/account/invite_accept: the account's e-mail (the session cookie is set), and the application of a signing invitation. */
export const inviteAcceptResponse = z.object({
  ok: z.literal(true),
  email: z.string(),
  /** A signing invitation (issue 14): the application the person now signs; the page goes there. */
  application_id: z.string().optional(),
});
export type InviteAcceptResponse = z.infer<typeof inviteAcceptResponse>;

/** POST /user/account/confirm_email/{token} */
export const confirmEmailParams = z.object({ token: tokenSchema });
export type ConfirmEmailParams = z.infer<typeof confirmEmailParams>;

export const confirmEmailResponse = z.object({ ok: z.literal(true), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

export const marketingPreferencesRequest = z.object({
  marketing_consent_accepted: z.boolean({ error: 'err_required' }),
});
export const marketingPreferencesResponse = marketingPreferencesRequest;
export type MarketingPreferences = z.infer<typeof marketingPreferencesRequest>;

export const changePasswordRequest = z
  .object({
    old_password: anyPasswordSchema,
    new_password: newPasswordSchema,
  })
  .refine((v) => v.old_password !== v.new_password, {
    error: 'err_password_same_as_old',
    path: ['new_password'],
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** Client-side forms: password plus repeat. */
export function withRepeat<T extends z.ZodObject<{ password: typeof newPasswordSchema }>>(schema: T) {
  return schema
    .extend({ password_repeat: z.string({ error: 'err_required' }) })
    .refine((v) => (v as { password: string }).password === v.password_repeat, {
      error: 'err_password_repeat_invalid',
      path: ['password_repeat'],
    });
}
