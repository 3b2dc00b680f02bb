import { Anchor, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOptionalConfig } from '../lib/config';
import { MailIcon, PhoneIcon } from './icons';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The partner's support phone (tel:) and e-mail (mailto:). */
export function SupportContact({ gap = 'xs' }: { gap?: string }) {
  const { t } = useTranslation();
  const config = useOptionalConfig();
  if (!config) return null;
  const { customer_support_phone: phone, customer_support_email: email } = config.partner.parameters;
  return (
    <Stack gap={gap}>
      {phone && (
        <Group gap={8} wrap="nowrap">
          <PhoneIcon />
          <Anchor href={telHref(phone)} aria-label={`${t('common:contact.phone')}: ${phone}`}>
            {phone}
          </Anchor>
        </Group>
      )}
      {email && (
        <Group gap={8} wrap="nowrap">
          <MailIcon />
          <Anchor
            href={`mailto:${email}`}
            aria-label={`${t('common:contact.email')}: ${email}`}
            style={{ wordBreak: 'break-all' }}
          >
            {email}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
