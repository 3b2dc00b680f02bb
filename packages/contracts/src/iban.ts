import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { text } from './text.js';
import { addRuleIssue, type RuleError } from './rule-error.js';

/**
 * IBAN (spec 2 sections 5 and 9), checked with ibantools. Part of the field rules of
 * validators.ts (which re-exports it); a module of its own so that ibantools is bundled only with
 * the pages that check an IBAN.
 */

export const IBAN_MAX = 34;

/** Spaces of any kind (a pasted IBAN often has no-break spaces), hyphens and dots between the groups. */
const IBAN_SEPARATORS = /[\s\u00A0\u202F.-]+/g;

/** The IBAN without separators, upper case (what is stored and checked). */
export function normaliseIban(value: string): string {
  const compact = value.replace(IBAN_SEPARATORS, '');
  return electronicFormatIBAN(compact) ?? compact.toUpperCase();
}

/** Groups of four for display (DE89 3704 0044 0532 0130 00). */
export function formatIban(value: string): string {
  return friendlyFormatIBAN(normaliseIban(value)) ?? value;
}

/**
 * The IBAN's error, or null: required; no underscore placeholder characters of a masked input; at
 * most 34 characters (separators not counted); valid by country, length and ISO 7064 checksum.
 */
export function ibanError(value: string): RuleError | null {
  const v = value.trim();
  if (v === '') return { code: 'err_required' };
  if (v.includes('_')) return { code: 'err_invalid_iban' };
  const iban = normaliseIban(v);
  if (iban.length > IBAN_MAX) return { code: 'err_too_long', values: { max: IBAN_MAX } };
  return isValidIBAN(iban) ? null : { code: 'err_invalid_iban' };
}

export const isIban = (value: string): boolean => ibanError(value) === null;

/** Typed or pasted IBAN text longer than this is refused before it is read (34 characters and separators). */
const IBAN_INPUT_MAX = 50;

function buildIbanSchema() {
  return text({ error: 'err_required' })
    .superRefine((value, ctx) => {
      const v = value.trim();
      if (v.length > IBAN_INPUT_MAX) return addRuleIssue(ctx, { code: 'err_too_long', values: { max: IBAN_MAX } });
      const error = ibanError(v);
      if (!error) return;
      addRuleIssue(ctx, error);
      // Too long and not valid either: both are reported (every failing rule).
      if (error.code === 'err_too_long' && !isValidIBAN(normaliseIban(v))) {
        addRuleIssue(ctx, { code: 'err_invalid_iban' });
      }
    })
    .transform((value) => normaliseIban(value.trim()));
}

/** An IBAN field; parses to the electronic format (DE89370400440532013000). */
export const ibanSchema = buildIbanSchema();
