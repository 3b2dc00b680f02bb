import { z } from 'zod';
import { text } from './text.js';
import { ibanSchema } from './iban.js';

/** Bank data of an application (spec 2 sections 5 and 7): PATCH /user/applications/{id}/bankinfo. */

export const BANK_NAME_MAX = 100;

// The IBAN rule lives once in iban.ts (ibantools; also exported by validators.ts); re-exported here.
export { formatIban, IBAN_MAX, ibanSchema, normaliseIban } from './iban.js';

export const bankNameSchema = text({ error: 'err_required' })
  .trim()
  .min(1, { error: 'err_required' })
  .max(BANK_NAME_MAX, { error: 'err_too_long' });

export const updateBankInfoRequest = z.object({ bankName: bankNameSchema, iban: ibanSchema });
export type UpdateBankInfoRequest = z.input<typeof updateBankInfoRequest>;
