import { Anchor, Checkbox, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { RichText } from './rich-text';
import { useConfig } from '../lib/config';

export interface ConsentValues {
  accepted_terms: boolean;
  accepted_partner_terms: boolean;
  marketing_consent_accepted?: boolean;
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * Terms, partner terms (only when the partner demands them), marketing consent (only when the
 * marketing_opt_in feature is active) and a select-all box that ticks every shown box.
 */
export function ConsentFields<V extends ConsentValues>({
  form,
  showMarketing,
}: {
  form: UseFormReturnType<V>;
  showMarketing: boolean;
}) {
  const { t } = useTranslation();
  const { app, partner } = useConfig();
  const partnerTermsRequired = partner.parameters.is_partner_terms_required;
  const values = form.getValues();
  const keys = [
    'accepted_terms',
    ...(partnerTermsRequired ? ['accepted_partner_terms'] : []),
    ...(showMarketing ? ['marketing_consent_accepted'] : []),
  ] as const;
  const ticked = keys.filter((k) => values[k as keyof V] === true).length;
  const setAll = (checked: boolean) => {
    for (const key of keys) form.setFieldValue(key as never, checked as never);
  };
  // Mantine's Checkbox shows its error but does not mark the box invalid: aria-invalid here.
  const checkboxProps = (key: keyof ConsentValues) => {
    const props = form.getInputProps(key as never, { type: 'checkbox' });
    return { ...props, 'aria-invalid': props.error ? true : undefined };
  };

  return (
    <Stack gap="sm">
      <Checkbox
        label={t('auth:consent.select_all')}
        checked={ticked === keys.length}
        indeterminate={ticked > 0 && ticked < keys.length}
        onChange={(e) => setAll(e.currentTarget.checked)}
        fw={600}
      />
      <Checkbox
        required
        key={form.key('accepted_terms')}
        {...checkboxProps('accepted_terms')}
        label={
          <RichText
            text={t('auth:consent.terms')}
            components={{
              terms: <Anchor href={app.url_list.terms} {...external} inherit />,
              privacy: <Anchor href={app.url_list.privacy_policy} {...external} inherit />,
            }}
          />
        }
      />
      {partnerTermsRequired && (
        <Checkbox
          required
          key={form.key('accepted_partner_terms')}
          {...checkboxProps('accepted_partner_terms')}
          label={
            <RichText
              text={t('auth:consent.partner_terms', { partner: partner.parameters.legal_name })}
              components={{
                terms: <Anchor href={partner.parameters.terms_url} {...external} inherit />,
                privacy: <Anchor href={partner.parameters.data_protection_url} {...external} inherit />,
              }}
            />
          }
        />
      )}
      {showMarketing && (
        <Checkbox
          key={form.key('marketing_consent_accepted')}
          {...checkboxProps('marketing_consent_accepted')}
          label={t('auth:consent.marketing', { partner: partner.parameters.display_name })}
        />
      )}
    </Stack>
  );
}
