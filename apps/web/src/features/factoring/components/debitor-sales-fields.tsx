import { FACTORING_CURRENCIES } from '@finportal/contracts/factoring-rules';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/number-field';
import type { RuleFormState } from '../../../lib/use-rule-form';
import type { DebitorFormField, SalesValues } from '../model/debitor-form';
import { FIELD_PAIR_CLASSES } from './field-pair';

/** The DOM id of a debtor form's field (the first field to fix is focused from it). */
export const debitorFieldId = (prefix: string, field: string) => `${prefix}-${field}`;

/** A debtor's annual sales of last year and their currency (adding and changing a debtor). */
export function DebitorSalesFields<V extends SalesValues>({
  form,
  idPrefix,
}: {
  form: RuleFormState<V, unknown, DebitorFormField>;
  idPrefix: string;
}) {
  const { t } = useTranslation(['factoring']);
  const { values } = form;
  return (
    <div className="fp-factoring-pair">
      <NumberField
        id={debitorFieldId(idPrefix, 'annual_sales_previous_year')}
        classNames={FIELD_PAIR_CLASSES}
        label={t('factoring:debitor_form.sales')}
        description={t('factoring:debitor_form.sales_hint')}
        required
        withAsterisk={false}
        value={values.annual_sales_previous_year}
        unit={values.currency || undefined}
        onChange={(next, change) =>
          form.setValue(
            'annual_sales_previous_year',
            (change.valid ? next : change.text) as V['annual_sales_previous_year'],
          )
        }
        onBlur={() => form.touch('annual_sales_previous_year')}
        error={form.errorOf('annual_sales_previous_year')}
      />
      <NativeSelect
        id={debitorFieldId(idPrefix, 'currency')}
        classNames={FIELD_PAIR_CLASSES}
        label={t('factoring:debitor_form.currency')}
        required
        withAsterisk={false}
        data={[
          { value: '', label: t('factoring:form.choose') },
          ...FACTORING_CURRENCIES.map((code) => ({ value: code, label: code })),
        ]}
        value={values.currency}
        onChange={(event) => {
          form.setValue('currency', event.currentTarget.value as V['currency']);
          form.touch('currency');
        }}
        error={form.errorOf('currency')}
      />
    </div>
  );
}
