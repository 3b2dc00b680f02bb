import {
  COMPANY_PORTFOLIO_MAX,
  COMPANY_PORTFOLIO_MIN,
  FACTORING_COMMENT_MAX,
  FACTORING_CURRENCIES,
  type FactoringField,
} from '@finportal/contracts/factoring-rules';
import { Checkbox, Group, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import { TextAreaField } from '../../../components/text-field';
import { fieldGroups, kindOf } from '../model/factoring-form';
import type { FactoringFormState } from '../model/use-factoring-form';
import { FIELD_PAIR_CLASSES } from './field-pair';

/** The DOM id of a field of a card's form (the first field to fix is focused from it). */
export const factoringFieldId = (prefix: string, field: FactoringField) => `${prefix}-${field}`;

const baseOf = (field: FactoringField) => field.replace(/_(abroad|comment)$/, '');

/**
 * Every field of one card (spec 2 section 3), each followed by its part abroad (only with customers
 * abroad) and its comment. A field that is not required says "(optional)"; amounts are read in the
 * interface language (`12.345,67` in German) in the application's currency.
 */
export function FactoringFormFields({
  form,
  idPrefix,
  currency,
}: {
  form: FactoringFormState;
  idPrefix: string;
  currency: string;
}) {
  const { t } = useTranslation(['factoring']);
  const { values } = form;

  const nameOf = (field: FactoringField) => {
    const base = t(`factoring:fields.${baseOf(field)}`);
    if (field.endsWith('_abroad')) return t(`factoring:fields_abroad.${baseOf(field)}`);
    return field.endsWith('_comment') ? t('factoring:form.comment_label', { label: base }) : base;
  };
  const label = (field: FactoringField) =>
    form.isRequired(field) ? nameOf(field) : t('factoring:form.optional', { label: nameOf(field) });
  const common = (field: FactoringField) => ({
    id: factoringFieldId(idPrefix, field),
    label: label(field),
    error: form.errorOf(field),
    required: form.isRequired(field),
    withAsterisk: false,
  });
  // The field's own hint; its part abroad and its comment are explained by their labels.
  const hint = (field: FactoringField) =>
    field.endsWith('_comment') || field.endsWith('_abroad') ? undefined : t(`factoring:hints.${baseOf(field)}`);

  const control = (field: FactoringField, paired = false) => {
    const kind = kindOf(field);
    const value = values[field] ?? null;
    switch (kind) {
      case 'boolean':
        return (
          <div id={factoringFieldId(idPrefix, field)}>
            <Radio.Group
              label={label(field)}
              description={hint(field)}
              value={value === null ? null : value ? 'yes' : 'no'}
              onChange={(next) => {
                form.setValue(field, next === 'yes');
                form.touch(field);
              }}
              error={form.errorOf(field)}
              withAsterisk={false}
            >
              <Group gap="lg" mt={6}>
                <Radio value="yes" label={t('factoring:form.yes')} />
                <Radio value="no" label={t('factoring:form.no')} />
              </Group>
            </Radio.Group>
          </div>
        );
      case 'currencies':
        return (
          <Checkbox.Group
            label={label(field)}
            description={hint(field)}
            value={Array.isArray(value) ? value : []}
            onChange={(next) => {
              form.setValue(field, next);
              form.touch(field);
            }}
            error={form.errorOf(field)}
            withAsterisk={false}
            classNames={paired ? FIELD_PAIR_CLASSES : undefined}
          >
            <Group id={factoringFieldId(idPrefix, field)} gap="md" mt={6}>
              {FACTORING_CURRENCIES.map((code) => (
                <Checkbox key={code} value={code} label={code} />
              ))}
            </Group>
          </Checkbox.Group>
        );
      case 'portfolio':
      case 'comment': {
        const portfolio = kind === 'portfolio';
        const text = typeof value === 'string' ? value : '';
        return (
          <TextAreaField
            {...common(field)}
            description={
              portfolio
                ? t('factoring:form.portfolio_hint', {
                    min: COMPANY_PORTFOLIO_MIN,
                    max: COMPANY_PORTFOLIO_MAX,
                    length: [...text.trim()].length,
                  })
                : undefined
            }
            maxLength={portfolio ? COMPANY_PORTFOLIO_MAX : FACTORING_COMMENT_MAX}
            rows={portfolio ? 3 : 2}
            value={text}
            onChange={(event) => form.setValue(field, event.currentTarget.value)}
            onBlur={() => form.touch(field)}
          />
        );
      }
      default: {
        const days = kind === 'days';
        return (
          <NumberField
            {...common(field)}
            classNames={paired ? FIELD_PAIR_CLASSES : undefined}
            description={hint(field)}
            value={typeof value === 'number' || typeof value === 'string' ? value : null}
            onChange={(next, change) => form.setValue(field, change.valid ? next : change.text)}
            onBlur={() => form.touch(field)}
            unit={kind === 'amount' ? currency : days ? t('factoring:form.days_unit') : undefined}
            maximumFractionDigits={kind === 'amount' ? 2 : 0}
          />
        );
      }
    }
  };

  return (
    <Stack gap="lg">
      {fieldGroups(form.section).map(({ field, abroad, comment }) => (
        <Stack gap="xs" key={field}>
          {abroad && form.international ? (
            <div className="fp-factoring-pair">
              {control(field, true)}
              {control(abroad, true)}
            </div>
          ) : (
            control(field)
          )}
          {comment && control(comment)}
        </Stack>
      ))}
    </Stack>
  );
}
