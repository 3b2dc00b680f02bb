import { z } from 'zod';
import { INVITATION_VALID_DAYS_DEFAULT } from './signature-steps.js';

/** The partner file's `signatures` section (every key has a default: partner files need none). */
export const signaturesConfigSchema = z
  .strictObject({
    /** The identification provider (spec 2 section 3); null: signers are not identified. An unknown name shows provider_error. */
    ident_provider: z.string().min(1).max(40).nullable().default('idnow'),
    /** How the guarantor contract is signed (ADR 020: offline by default, German civil code section 766). */
    guarantor_contract_signing: z.enum(['online', 'offline']).default('offline'),
    /** How the loan contract is signed: online through the provider's e-sign session, or not in the portal. */
    loan_contract_signing: z.enum(['online', 'offline']).default('online'),
    /** Days an invitation link is valid. */
    invitation_valid_days: z.number().int().min(1).max(60).default(INVITATION_VALID_DAYS_DEFAULT),
  })
  .default({
    ident_provider: 'idnow',
    guarantor_contract_signing: 'offline',
    loan_contract_signing: 'online',
    invitation_valid_days: INVITATION_VALID_DAYS_DEFAULT,
  });
export type SignaturesConfig = z.infer<typeof signaturesConfigSchema>;
