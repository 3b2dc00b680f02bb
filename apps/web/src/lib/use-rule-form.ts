import type { ErrorCode } from '@finportal/contracts/errors';
import type { RuleError } from '@finportal/contracts/rule-error';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { translateErrorCode } from './i18n';
import { issueValues } from './zod-form';

/** One rule's verdict on one field (the contracts' `...Issues` functions answer these). */
export interface FieldIssue<F extends string> extends RuleError {
  field: F;
}

export interface RuleFormState<V, W, F extends string> {
  values: V;
  /** The values as the rules judge them and the wire carries them. */
  wire: W;
  setValue: <K extends keyof V>(field: K, value: V[K]) => void;
  /** The field was left: its rule's message shows from now on. */
  touch: (field: F) => void;
  /** The field's message: the server's, or the rule's once the field was left or saving was tried. */
  errorOf: (field: F) => string | undefined;
  /** Every rule's verdict on the current values, in the rules' (form) order. */
  issues: FieldIssue<F>[];
  /** Marks every field as shown (a save was tried); answers the first of `blocking` (default: all issues). */
  attemptSubmit: (blocking?: FieldIssue<F>[]) => F | null;
  /** The server's field errors (a 400), shown until the field changes. */
  setServerError: (field: string, message: string) => void;
  /** A new step of the form: no field counts as left or tried again (its messages wait for the user). */
  resetShown: () => void;
}

/**
 * The state of an add or edit form whose rules live in contracts: every change is judged at once
 * by `judge` (the rules the API applies, on the wire values `toWire` makes), a field's message
 * shows once it was left (or saving was tried) and goes as soon as the value is right; a server
 * error stays on its field until that field changes. `toWire` and `judge` must be stable between
 * renders (module functions or `useCallback`).
 */
export function useRuleForm<V extends object, W, F extends string>(
  initial: V,
  toWire: (values: V) => W,
  judge: (wire: W) => FieldIssue<F>[],
): RuleFormState<V, W, F> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});

  const wire = useMemo(() => toWire(values), [values, toWire]);
  const issues = useMemo(() => judge(wire), [wire, judge]);
  const byField = useMemo(() => new Map(issues.map((issue) => [issue.field, issue])), [issues]);

  return {
    values,
    wire,
    setValue: (field, value) => {
      setValues((prev) => ({ ...prev, [field]: value }));
      setServerErrors((prev) => (prev[field as string] ? { ...prev, [field]: undefined } : prev));
    },
    touch: (field) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    errorOf: (field) => {
      const server = serverErrors[field];
      if (server) return server;
      const issue = byField.get(field);
      if (!issue || !(submitted || touched.has(field))) return undefined;
      return translateErrorCode(issue.code, issue.values);
    },
    issues,
    attemptSubmit: (blocking = issues) => {
      setSubmitted(true);
      return blocking[0]?.field ?? null;
    },
    setServerError: (field, message) => setServerErrors((prev) => ({ ...prev, [field]: message })),
    resetShown: () => {
      setSubmitted(false);
      setTouched(new Set());
    },
  };
}

/**
 * A contract's zod schema as `judge`: each failing field's first issue, with its code and limits
 * (`max`, `min`), in the schema's order. (Here, not in zod-form.ts: that one loads with /login.)
 */
export function zodFieldIssues<F extends string>(schema: z.ZodType, values: unknown): FieldIssue<F>[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  const issues = new Map<string, FieldIssue<F>>();
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') as F;
    if (!issues.has(field)) issues.set(field, { field, code: issue.message as ErrorCode, values: issueValues(issue) });
  }
  return [...issues.values()];
}
