import { TextInput, UnstyledButton, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

/** A password input with a named, keyboard-reachable visibility toggle. */
export function PasswordField(props: Omit<TextInputProps, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      rightSectionPointerEvents="all"
      rightSection={
        <UnstyledButton
          className="fp-password-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={t('common:form.toggle_visibility')}
          aria-pressed={visible}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </UnstyledButton>
      }
    />
  );
}
