import type { ApiErrorItem, ErrorCode } from '@finportal/contracts/errors';
import type { z } from 'zod';

/** Services throw AppError; one handler writes `{errors:[{code, field, values}]}`. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status: number,
    public readonly items: ApiErrorItem[] = [{ code }],
    /** Extra response headers, e.g. Retry-After on 429. */
    public readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }

  static field(code: ErrorCode, field: string, status = 400, values?: ApiErrorItem['values']): AppError {
    return new AppError(code, status, [{ code, field, ...(values ? { values } : {}) }]);
  }
}

export const notFound = () => new AppError('err_not_found', 404);
export const unauthorized = () => new AppError('err_unauthorized', 401);
export const forbidden = () => new AppError('err_no_permission', 403);

const ERR = /^err_[a-z0-9_]+$/;

/** Turns zod issues into API error items: every field, never only the first. */
export function zodIssuesToItems(issues: readonly z.core.$ZodIssue[]): ApiErrorItem[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || undefined;
    const values: Record<string, string | number> = {};
    let code: string;
    const wrongType = issue.code === 'invalid_type' && issue.input !== undefined && issue.input !== null;
    // A schema's own "err_required" is about a missing value; a value of the wrong type is invalid.
    if (wrongType && (issue.message === 'err_required' || !ERR.test(issue.message))) code = 'err_invalid_value';
    else if (ERR.test(issue.message)) code = issue.message;
    else if (issue.code === 'invalid_type') code = 'err_required';
    else if (issue.code === 'too_small') code = issue.origin === 'string' ? 'err_too_short' : 'err_too_small';
    else if (issue.code === 'too_big') code = issue.origin === 'string' ? 'err_too_long' : 'err_too_big';
    else code = 'err_invalid_value';
    if (issue.code === 'too_small') values.min = Number(issue.minimum);
    if (issue.code === 'too_big') values.max = Number(issue.maximum);
    return { code, ...(field ? { field } : {}), ...(Object.keys(values).length ? { values } : {}) };
  });
}
