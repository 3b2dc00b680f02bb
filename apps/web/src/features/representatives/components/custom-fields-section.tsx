import type { StepUi } from '@finportal/contracts/dynamic-forms';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DynamicFormField } from '../../../components/dynamic-form-field/dynamic-form-field';
import { localized } from '../../../lib/i18n-text';
import type { CustomFieldAnswers } from '../model/use-custom-field-answers';

/** The DOM id of a custom field of the form (the first field to fix is focused from it). */
export const customFieldDomId = (prefix: string, fieldId: string) => `${prefix}-cf-${fieldId}`;

/**
 * The partner's signatory custom fields in the add and edit form, one section per step of the
 * signatory form (its title as heading), each field drawn by the one dynamic-field renderer.
 */
export function CustomFieldsSection({
  answers,
  steps,
  idPrefix,
  disabled,
  currency,
}: {
  answers: CustomFieldAnswers;
  steps: readonly StepUi[];
  idPrefix: string;
  disabled: boolean;
  currency: string;
}) {
  const { t, i18n } = useTranslation(['representatives']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <>
      {steps.map((step) => {
        const fields = answers.fields.filter((f) => step.fields.some((s) => s.id === f.field.id));
        if (fields.length === 0) return null;
        const headingId = `${idPrefix}-cf-step-${step.id}`;
        return (
          <section key={step.id} aria-labelledby={headingId}>
            <Title order={3} size="h5" mb="sm" id={headingId}>
              {localized(step.title, language)}
            </Title>
            <Stack gap="md">
              {fields.map(({ field, definition }) => (
                <DynamicFormField
                  key={field.id}
                  field={field}
                  definition={definition}
                  id={customFieldDomId(idPrefix, field.id)}
                  locale={language}
                  currency={currency}
                  value={answers.values[field.id]}
                  onChange={(value) => answers.setValue(field.id, value)}
                  onBlur={() => answers.touch(field.id)}
                  error={answers.errorOf(field.id)}
                  disabled={disabled}
                  optionalLabel={(label) => t('representatives:form.optional', { label })}
                />
              ))}
            </Stack>
          </section>
        );
      })}
    </>
  );
}
