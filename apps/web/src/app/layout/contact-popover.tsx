import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Disclosure } from '../../components/dropdown';
import { HelpIcon } from '../../components/icons';
import { SupportContact } from '../../components/support-contact';

/** 'Need help / Contact' popover with the partner's support phone and e-mail. */
export function ContactPopover() {
  const { t } = useTranslation();
  return (
    <Disclosure
      trigger={{
        'aria-label': t('common:header.help'),
        leftSection: <HelpIcon />,
        children: (
          <Box component="span" visibleFrom="sm">
            {t('common:header.help')}
          </Box>
        ),
      }}
    >
      <Text fw={700} mb={4}>
        {t('common:header.help_title')}
      </Text>
      <Text size="sm" mb="sm">
        {t('common:header.help_text')}
      </Text>
      <SupportContact />
    </Disclosure>
  );
}
