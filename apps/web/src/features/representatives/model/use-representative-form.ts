import type { RepresentativeValues, SignatoryField } from '@finportal/contracts/representative-schemas';
import {
  representativeIssues,
  requiredFieldsOf,
  type RepresentativeContext,
  type RepresentativeIssue,
} from '@finportal/contracts/representatives';
import { useMemo, useState } from 'react';
import { translateErrorCode } from '../../../lib/i18n';
import { toWireValues, type RepresentativeFormValues } from './representative-form';

export interface RepresentativeFormState {
  values: RepresentativeFormValues;
  /** The values as the rules judge them and the wire carries them. */
  wire: RepresentativeValues;
  setValue: <F extends keyof RepresentativeFormValues>(field: F, value: RepresentativeFormValues[F]) => void;
  /** The field was left: its rule's message shows from now on. */
  touch: (field: SignatoryField) => void;
  /** The field's message: the server's, or the rule's once the field was left or saving was tried. */
  errorOf: (field: SignatoryField) => string | undefined;
  required: ReadonlySet<SignatoryField>;
  /** Required fields still empty (err_required), in form order: the live "still missing" list. */
  missing: SignatoryField[];
  /** Issues on the fields this user may change: saving waits until there are none. */
  blocking: RepresentativeIssue[];
  /** Marks every field as shown (a save was tried); answers the first field to fix, if any. */
  attemptSubmit: () => SignatoryField | null;
  /** The server's field errors (a 400), shown until the field changes. */
  setServerError: (field: string, message: string) => void;
}

/**
 * The add and edit form (spec 2 section 5): every change is judged at once by the contracts'
 * `representativeIssues` (one issue per field), so the list of missing fields follows the typing;
 * a field's own message shows once it was left (or saving was tried) and goes as soon as the value
 * is right. Fields outside `editable` are shown but never block saving (the user cannot fix them).
 */
export function useRepresentativeForm(
  initial: RepresentativeFormValues,
  {
    context,
    format,
    editable,
  }: { context: RepresentativeContext; format: string; editable: ReadonlySet<SignatoryField> },
): RepresentativeFormState {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<SignatoryField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SignatoryField, string>>>({});

  const wire = useMemo(() => toWireValues(values, format), [values, format]);
  const issues = useMemo(() => representativeIssues(wire, context), [wire, context]);
  const byField = useMemo(() => new Map(issues.map((issue) => [issue.field, issue])), [issues]);
  const required = useMemo(() => new Set(requiredFieldsOf(wire)), [wire]);
  const blocking = issues.filter((issue) => editable.has(issue.field));

  return {
    values,
    wire,
    setValue: (field, value) => {
      setValues((prev) => ({ ...prev, [field]: value }));
      setServerErrors((prev) => (field in prev ? { ...prev, [field]: undefined } : prev));
    },
    touch: (field) => setTouched((prev) => (prev.has(field) ? prev : new Set(prev).add(field))),
    errorOf: (field) => {
      const server = serverErrors[field];
      if (server) return server;
      const issue = byField.get(field);
      if (!issue || !(submitted || touched.has(field))) return undefined;
      return translateErrorCode(issue.code, issue.values);
    },
    required,
    missing: issues.filter((issue) => issue.code === 'err_required').map((issue) => issue.field),
    blocking,
    attemptSubmit: () => {
      setSubmitted(true);
      return blocking[0]?.field ?? null;
    },
    setServerError: (field, message) => setServerErrors((prev) => ({ ...prev, [field]: message })),
  };
}
