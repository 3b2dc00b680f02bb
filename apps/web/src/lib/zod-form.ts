import type { ApiErrorItem } from '@finportal/contracts/errors';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { isApiError, itemMessages, showErrorToast } from './http';
import { i18n, translateErrorCode } from './i18n';

/**
 * zod → Mantine form adapter. The contract schemas carry err_* codes as messages; they are
 * translated through `be_error.<code>` with the issue's limits as interpolation values.
 *
 * Only types are imported from zod here: the schemas (and zod with them) are loaded on demand
 * by `lazySchemaValidator`, so that the first paint of a form page does not wait for them.
 */

export function issueValues(issue: z.core.$ZodIssue): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  if ('minimum' in issue && (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint')) {
    values.min = Number(issue.minimum);
  }
  if ('maximum' in issue && (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint')) {
    values.max = Number(issue.maximum);
  }
  return values;
}

export function issueMessage(issue: z.core.$ZodIssue): string {
  return translateErrorCode(issue.message, issueValues(issue));
}

/** Every field's first error, keyed by Mantine's dotted path. */
export function zodErrors(schema: z.ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (path in errors) continue;
    errors[path] = issueMessage(issue);
  }
  return errors;
}

export type Validator<V> = (values: V) => FormErrors;

function withExtra<V>(errors: FormErrors, values: V, extra: readonly Validator<V>[]): FormErrors {
  for (const validator of extra) {
    for (const [path, message] of Object.entries(validator(values))) {
      if (message && !(path in errors)) errors[path] = message;
    }
  }
  return errors;
}

/** `useForm({ validate: zodValidate(schema, extra?) })`; extra validators add errors on fields still valid. */
export function zodValidate<V>(schema: z.ZodType, ...extra: Validator<V>[]): Validator<V> {
  return (values) => withExtra(zodErrors(schema, values), values, extra);
}

export interface LazySchemaValidator<V, Out> {
  /** Start loading the schema (call on first interaction with the form). */
  preload(): void;
  /** Async Mantine `validate` function. */
  validate(values: V): Promise<FormErrors>;
  /** The schema's output (e-mail trimmed and lower-cased...). */
  parse(values: V): Promise<Out>;
}

/** A Mantine validator whose zod schema is imported on demand (Mantine awaits async validation). */
export function lazySchemaValidator<S extends z.ZodType, V>(
  load: () => Promise<S>,
  ...extra: Validator<V>[]
): LazySchemaValidator<V, z.output<S>> {
  let pending: Promise<S> | null = null;
  const schema = () => (pending ??= load());
  return {
    preload: () => void schema().catch(() => (pending = null)),
    validate: async (values) => withExtra(zodErrors(await schema(), values), values, extra),
    parse: async (values) => (await schema()).parse(values),
  };
}

/**
 * Puts the server's field errors (`errors[].field`) on the form. Returns the items that belong to
 * no field of the form, so that the caller can show them as a toast.
 */
export function applyServerErrors(
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
): ApiErrorItem[] {
  if (!isApiError(error)) return [];
  const rest: ApiErrorItem[] = [];
  for (const item of error.errors) {
    const field = item.field ? (rename[item.field] ?? item.field) : undefined;
    if (field && fields.includes(field)) form.setFieldError(field, translateErrorCode(item.code, item.values));
    else rest.push(item);
  }
  return rest;
}

/**
 * For forms that opted out of the global toast: field errors go on the form, the rest is toasted
 * under `title` (a code-less or network error shows common.request-failed). When every error
 * found its field, `fieldsTitle` (if given) is toasted so that the failure is not missed.
 * `rename` maps server field paths to form fields (see applyServerErrors).
 */
export function reportFormError(
  form: { setFieldError: (path: string, error: string) => void },
  error: unknown,
  fields: readonly string[],
  title: string,
  fieldsTitle?: string,
  rename: Record<string, string> = {},
): void {
  if (isApiError(error) && (error.kind === 'aborted' || error.code === 'err_email_not_confirmed')) return;
  if (!isApiError(error) || error.errors.length === 0) {
    showErrorToast(i18n.t('common:request-failed'), title);
    return;
  }
  const rest = applyServerErrors(form, error, fields, rename);
  if (rest.length > 0) showErrorToast(itemMessages(rest).join(' '), title);
  else if (fieldsTitle) showErrorToast(fieldsTitle, title);
}
