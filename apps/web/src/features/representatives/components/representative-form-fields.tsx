import { BENEFICIAL_OWNER_THRESHOLD_PERCENT } from '@finportal/contracts/representatives';
import { datePattern } from '@finportal/contracts/form-dates';
import type { SignatoryField } from '@finportal/contracts/representative-schemas';
import { Alert, Checkbox, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { NumberField } from '../../../components/number-field';
import { CountrySelect } from '../../../components/country-select';
import type { TextField } from '../model/representative-form';
import type { RepresentativeFormState } from '../model/use-representative-form';
import { PhoneField } from './phone-field';
import { YesNoField } from './yes-no-field';

/** The DOM id of a field of the form (the first field to fix is focused from it). */
export const fieldDomId = (prefix: string, field: SignatoryField) => `${prefix}-${field}`;

/** Fields that never say "(optional)": the yes/no questions and the main contact speak for themselves. */
const PLAIN_LABEL: ReadonlySet<SignatoryField> = new Set([
  'is_beneficial_owner',
  'is_legal_signatory',
  'is_contract_signatory',
  'is_sole_signatory',
  'is_main_contact',
]);

/**
 * Every field of a representative in SIGNATORY_FIELDS order (spec 2 sections 3 and 5), in three
 * sections: the person, the address, the role in the company. A field that is not required says
 * "(optional)" in its label (the portal draws no asterisks); what is required follows the answers
 * (`requiredFieldsOf`). "Can sign alone" is asked of legal representatives only.
 */
export function RepresentativeFormFields({
  form,
  idPrefix,
  isDisabled,
  dateFormat,
}: {
  form: RepresentativeFormState;
  idPrefix: string;
  isDisabled: (field: SignatoryField) => boolean;
  dateFormat: string;
}) {
  const { t, i18n } = useTranslation(['representatives']);
  const { values } = form;

  const label = (field: SignatoryField) => {
    const name = t(`representatives:fields.${field}`);
    return PLAIN_LABEL.has(field) || form.required.has(field)
      ? name
      : t('representatives:form.optional', { label: name });
  };
  const common = (field: SignatoryField) => ({
    id: fieldDomId(idPrefix, field),
    label: label(field),
    error: form.errorOf(field),
    required: form.required.has(field),
    disabled: isDisabled(field),
    onBlur: () => form.touch(field),
  });
  const text = (field: TextField, props: Record<string, unknown> = {}) => (
    <TextInput
      {...common(field)}
      value={values[field]}
      onChange={(event) => form.setValue(field, event.currentTarget.value)}
      {...props}
    />
  );
  // A native select: the phone's own picker, type-to-find on desktops, and no popover code in the chunk.
  const country = (field: 'nationality' | 'country') => (
    <CountrySelect
      {...common(field)}
      placeholder={t('representatives:form.country_placeholder')}
      value={values[field]}
      onValue={(value) => {
        form.setValue(field, value);
        form.touch(field);
      }}
    />
  );
  const yesNo = (
    field: 'is_beneficial_owner' | 'is_legal_signatory' | 'is_contract_signatory' | 'is_sole_signatory',
  ) => (
    <YesNoField
      {...common(field)}
      label={t(`representatives:questions.${field}`)}
      description={t(`representatives:question_hints.${field}`)}
      value={values[field]}
      onChange={(value) => {
        form.setValue(field, value);
        form.touch(field);
        // "Can sign alone" belongs to legal representatives: answering no clears it.
        if (field === 'is_legal_signatory' && !value) form.setValue('is_sole_signatory', null);
      }}
    />
  );

  return (
    <Stack gap="lg">
      <section aria-labelledby={`${idPrefix}-person`}>
        <Title order={3} size="h5" mb="sm" id={`${idPrefix}-person`}>
          {t('representatives:form.section_person')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {text('first_name', { autoComplete: 'off', 'data-autofocus': true })}
          {text('last_name', { autoComplete: 'off' })}
          {text('email', { type: 'email', autoComplete: 'off', spellCheck: false })}
          <PhoneField
            {...common('telephone')}
            description={t('representatives:form.phone_hint')}
            value={values.telephone}
            onValueChange={(value) => form.setValue('telephone', value)}
          />
          {text('position', { autoComplete: 'off' })}
          {country('nationality')}
          <DateField
            {...common('birthdate')}
            format={dateFormat}
            description={t('representatives:form.birthdate_hint', {
              pattern: datePattern(dateFormat, i18n.resolvedLanguage ?? i18n.language),
            })}
            value={values.birthdate}
            onChange={(value) => form.setValue('birthdate', value)}
          />
          {text('taxid', {
            autoComplete: 'off',
            spellCheck: false,
            description: t('representatives:form.taxid_hint'),
          })}
        </SimpleGrid>
      </section>

      <section aria-labelledby={`${idPrefix}-address`}>
        <Title order={3} size="h5" mb="sm" id={`${idPrefix}-address`}>
          {t('representatives:form.section_address')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {text('street', { autoComplete: 'off' })}
          {text('street_number', { autoComplete: 'off' })}
          {text('postcode', { autoComplete: 'off' })}
          {text('location', { autoComplete: 'off' })}
          {country('country')}
        </SimpleGrid>
      </section>

      <section aria-labelledby={`${idPrefix}-role`}>
        <Title order={3} size="h5" mb="sm" id={`${idPrefix}-role`}>
          {t('representatives:form.section_role')}
        </Title>
        <Stack gap="md">
          {yesNo('is_beneficial_owner')}
          <NumberField
            {...common('percentage_owned')}
            description={t('representatives:form.share_hint')}
            value={values.percentage_owned}
            onChange={(value, change) => form.setValue('percentage_owned', change.valid ? value : change.text)}
            unit="%"
            unitLabel={t('common:form.percent')}
            maw={240}
          />
          {values.is_beneficial_owner === true &&
            typeof values.percentage_owned === 'number' &&
            values.percentage_owned < BENEFICIAL_OWNER_THRESHOLD_PERCENT && (
              // ADR 014: the fictitious beneficial owner (GwG section 3 (2)); said, so that it does not read as a bug.
              <Alert variant="light" color="blue" role="note" data-testid="fictitious-note">
                {t('representatives:form.fictitious_note')}
              </Alert>
            )}
          {yesNo('is_legal_signatory')}
          {yesNo('is_contract_signatory')}
          {values.is_legal_signatory === true && yesNo('is_sole_signatory')}
          <Checkbox
            id={fieldDomId(idPrefix, 'is_main_contact')}
            label={t('representatives:fields.is_main_contact')}
            description={t('representatives:form.main_contact_hint')}
            checked={values.is_main_contact}
            onChange={(event) => form.setValue('is_main_contact', event.currentTarget.checked)}
            error={form.errorOf('is_main_contact')}
            disabled={isDisabled('is_main_contact')}
          />
        </Stack>
      </section>
    </Stack>
  );
}
