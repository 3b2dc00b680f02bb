import type { CustomFieldEntry } from '@finportal/contracts/applications';
import { isEmptyValue, validateField } from '@finportal/contracts/dynamic-forms';
import type { SignatoryCustomField } from '@finportal/contracts/signatory-custom-fields';
import { useMemo, useState } from 'react';
import { fieldErrorMessage } from '../../../components/dynamic-form-field/field-errors';
import { entryValue, submissionEntries } from '../../../components/dynamic-form-field/field-values';

export interface CustomFieldAnswers {
  fields: readonly SignatoryCustomField[];
  /** The entered values by field id (as the wizard enters them: percent as %, dates as typed). */
  values: Record<string, unknown>;
  setValue: (fieldId: string, value: unknown) => void;
  touch: (fieldId: string) => void;
  errorOf: (fieldId: string) => string | undefined;
  /** Required fields still empty, in form order (the live "still missing" list). */
  missing: SignatoryCustomField[];
  /** The field ids with an issue: saving waits until there are none (when the user may change them). */
  invalid: string[];
  /** Marks every field as shown (a save was tried). */
  showAll: () => void;
  /** The answers to send: every given one (adding), or those that differ from the stored ones (editing; an emptied one as null). */
  entries: (onlyChanged: boolean) => CustomFieldEntry[];
  setServerError: (fieldId: string, message: string) => void;
}

/**
 * The answers to the partner's signatory custom fields in the add and edit form (issue 10): judged
 * by the wizard's validator (`validateField`) at every change, a field's message shown once it was
 * left or saving was tried, converted to the stored form on saving (contracts' toSubmissionValue).
 */
export function useCustomFieldAnswers(
  fields: readonly SignatoryCustomField[],
  stored: readonly CustomFieldEntry[],
  format: { locale: string; currency: string },
): CustomFieldAnswers {
  const [initial] = useState(() => {
    const byId = new Map(stored.map((e) => [e.field_id, e.field_value]));
    return Object.fromEntries(fields.map((f) => [f.field.id, entryValue(f, byId.get(f.field.id) ?? null)]));
  });
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({});

  const issues = useMemo(
    () =>
      new Map(
        fields.flatMap((f) => {
          const [first] = validateField(f.field, f.definition, values[f.field.id]);
          return first ? [[f.field.id, first] as const] : [];
        }),
      ),
    [fields, values],
  );

  return {
    fields,
    values,
    setValue: (fieldId, value) => {
      setValues((prev) => ({ ...prev, [fieldId]: value }));
      setServerErrors((prev) => (prev[fieldId] ? { ...prev, [fieldId]: undefined } : prev));
    },
    touch: (fieldId) => setTouched((prev) => (prev.has(fieldId) ? prev : new Set(prev).add(fieldId))),
    errorOf: (fieldId) => {
      const server = serverErrors[fieldId];
      if (server) return server;
      const issue = issues.get(fieldId);
      const field = fields.find((f) => f.field.id === fieldId);
      if (!issue || !field || !(submitted || touched.has(fieldId))) return undefined;
      return fieldErrorMessage(field.field, issue, format);
    },
    missing: fields.filter((f) => issues.has(f.field.id) && isEmptyValue(f.field, values[f.field.id])),
    invalid: [...issues.keys()],
    showAll: () => setSubmitted(true),
    entries: (onlyChanged) => {
      const now = submissionEntries(fields, values);
      if (!onlyChanged) return now.filter((e) => e.field_value !== null);
      const before = new Map(submissionEntries(fields, initial).map((e) => [e.field_id, e.field_value]));
      return now.filter((e) => (before.get(e.field_id) ?? null) !== e.field_value);
    },
    setServerError: (fieldId, message) => setServerErrors((prev) => ({ ...prev, [fieldId]: message })),
  };
}
