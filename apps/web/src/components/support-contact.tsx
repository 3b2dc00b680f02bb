import { Anchor, Group, Stack } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalConfig } from '../lib/config';
import { MailIcon, PhoneIcon } from './icons';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * An e-mail address that may wrap only at sensible points: after the @ and before each dot of the
 * domain (<wbr>), never inside a word unless a single part is wider than the line.
 */
export function breakableEmail(email: string): ReactNode {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const domain = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {domain.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
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
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {breakableEmail(email)}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
