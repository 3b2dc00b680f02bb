import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A yes/no question as a radio group whose unanswered state is null (no radio checked): a person
 * is never "no" by default, the customer answers each question (spec 2 section 5).
 */
export function YesNoField({
  id,
  label,
  description,
  value,
  onChange,
  error,
  required,
  disabled,
}: {
  id: string;
  label: string;
  description?: string;
  value: boolean | null;
  onChange: (value: boolean) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['representatives']);
  return (
    <div id={id}>
      <Radio.Group
        label={label}
        description={description}
        value={value === null ? null : value ? 'yes' : 'no'}
        onChange={(next) => onChange(next === 'yes')}
        error={error}
        required={required}
        withAsterisk={false}
        disabled={disabled}
      >
        <Group gap="lg" mt={6}>
          <Radio value="yes" label={t('representatives:form.yes')} disabled={disabled} />
          <Radio value="no" label={t('representatives:form.no')} disabled={disabled} />
        </Group>
      </Radio.Group>
    </div>
  );
}
