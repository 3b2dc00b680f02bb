import { Anchor, Box, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config';
import { openCookieConsent } from '../../lib/cookie-consent';

/** Footer: terms, optional terms of use, privacy policy, optional imprint (config url_list), cookie settings. */
export function Footer() {
  const { t } = useTranslation();
  const { app, partner } = useConfig();
  const urls = app.url_list;
  const links: Array<{ href: string; label: string }> = [
    { href: urls.terms, label: t('common:footer.terms') },
    ...(urls.terms_of_use ? [{ href: urls.terms_of_use, label: t('common:footer.terms_of_use') }] : []),
    { href: urls.privacy_policy, label: t('common:footer.privacy_policy') },
    ...(urls.imprint ? [{ href: urls.imprint, label: t('common:footer.imprint') }] : []),
  ];

  return (
    <Box component="footer" className="fp-footer" data-testid="footer">
      <Container size="lg" py="md">
        <Group justify="space-between" gap="sm">
          <Box component="nav" aria-label={t('common:footer.nav_label')}>
            <Group gap="md" component="ul" className="fp-footer-links">
              {links.map((link) => (
                <li key={link.label}>
                  <Anchor href={link.href} target="_blank" rel="noopener noreferrer" size="sm">
                    {link.label}
                  </Anchor>
                </li>
              ))}
              <li>
                <UnstyledButton onClick={openCookieConsent} className="fp-footer-button">
                  {t('common:footer.cookie_settings')}
                </UnstyledButton>
              </li>
            </Group>
          </Box>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {partner.parameters.legal_name}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
