import type { z } from 'zod';
import type { ErrorCode } from './errors.js';

/** A field rule's failure (validators.ts and iban.ts): the error code and the values of its message. */
export interface RuleError {
  code: ErrorCode;
  values?: Record<string, string | number>;
}

/**
 * A RuleError as a zod issue (message = code). Length and size bounds become zod's own too_small /
 * too_big issues, whose minimum / maximum the API and the web forms read as the message values.
 */
export function addRuleIssue(ctx: z.core.$RefinementCtx<string>, error: RuleError): void {
  const { code, values } = error;
  if (values?.max !== undefined && (code === 'err_too_long' || code === 'err_too_big')) {
    ctx.addIssue({ code: 'too_big', origin: 'string', maximum: Number(values.max), inclusive: true, message: code });
  } else if (values?.min !== undefined && (code === 'err_too_short' || code === 'err_too_small')) {
    ctx.addIssue({ code: 'too_small', origin: 'string', minimum: Number(values.min), inclusive: true, message: code });
  } else {
    ctx.addIssue({ code: 'custom', message: code });
  }
}
