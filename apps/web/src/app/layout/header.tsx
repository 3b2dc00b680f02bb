import { Box, Button, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config';
import { useAuth } from '../../lib/session-store';
import { lazyPage } from '../lazy-page';
import { ContactPopover } from './contact-popover';
import { LanguageSwitcher } from './language-switcher';
import { Link } from 'react-router';

// Only signed-in users see the profile menu: guests (e.g. on /login) do not download it.
// Its log-out messages are account texts (`auth`), loaded with it.
const ProfileMenu = lazyPage(() => import('./profile-menu'), 'ProfileMenu', { ns: ['auth'] });

export function Header() {
  const { t } = useTranslation();
  const { partner } = useConfig();
  const { isAuthenticated } = useAuth();
  const name = partner.parameters.display_name;

  return (
    <Box component="header" className="fp-header">
      <Container size="lg" className="fp-header-inner">
        <Link to="/" className="fp-logo-link" data-testid="header-logo" aria-label={t('common:header.home', { name })}>
          <img src={partner.logo_url} alt="" height={40} className="fp-logo" />
        </Link>
        <Group gap={4} wrap="nowrap" className="fp-header-actions">
          <ContactPopover />
          <LanguageSwitcher />
          {isAuthenticated ? (
            <Suspense fallback={null}>
              <ProfileMenu />
            </Suspense>
          ) : (
            <Button component={Link} to="/login" data-testid="header-login" size="sm" ml={4}>
              {t('common:header.login')}
            </Button>
          )}
        </Group>
      </Container>
    </Box>
  );
}
