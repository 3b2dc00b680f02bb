import type { StaffProfile } from '@finportal/contracts/backoffice';
import { Alert, Anchor, Button, Container, Group, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useConfig } from '../../../lib/config';
import { useStaffLogout } from '../api/logout';
import './backoffice.css';

/**
 * The back office's frame: a slim header with the partner's logo, "Back office", the staff
 * member's e-mail and the logout; no borrower header, footer or cookie dialog. The partner's
 * theme stays (the host decides the partner, as everywhere in the portal).
 */
export function BackofficeLayout({ profile, children }: { profile: StaffProfile | null; children: ReactNode }) {
  const { t } = useTranslation(['backoffice']);
  const { partner } = useConfig();
  const { pathname } = useLocation();
  return (
    <div className="fp-app fp-bo">
      <a href="#main-content" className="fp-skip-link">
        {t('common:skip_to_content')}
      </a>
      <header className="fp-header">
        <Container size="xl" className="fp-header-inner">
          <Group gap="sm" wrap="nowrap" className="fp-bo-brand">
            <Link
              to="/backoffice"
              className="fp-logo-link"
              aria-label={t('backoffice:layout.home', { name: partner.parameters.display_name })}
            >
              <img src={partner.logo_url} alt="" height={40} className="fp-logo" />
            </Link>
            <Text fw={700} className="fp-bo-product">
              {t('backoffice:layout.product')}
            </Text>
          </Group>
          {profile && <StaffMenu profile={profile} />}
        </Container>
      </header>
      <main id="main-content" className="fp-main" tabIndex={-1}>
        <BackofficeErrorBoundary key={pathname}>{children}</BackofficeErrorBoundary>
      </main>
    </div>
  );
}

function StaffMenu({ profile }: { profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice', 'console']);
  const logout = useStaffLogout();
  const { pathname } = useLocation();
  return (
    <Group gap="sm" wrap="nowrap" className="fp-header-actions fp-bo-staff">
      {profile.permissions.includes('partner.read') && (
        <Anchor
          component={Link}
          to="/backoffice/console"
          size="sm"
          style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          aria-current={pathname.startsWith('/backoffice/console') ? 'page' : undefined}
        >
          {t('console:nav')}
        </Anchor>
      )}
      <Text size="sm" className="fp-bo-email" data-testid="staff-email">
        <span className="fp-visually-hidden">{t('backoffice:layout.logged_in_as')} </span>
        {profile.email}
      </Text>
      <Button
        variant="default"
        size="sm"
        loading={logout.isPending}
        onClick={() => logout.mutate()}
        style={{ flexShrink: 0 }}
      >
        {t('backoffice:layout.logout')}
      </Button>
    </Group>
  );
}

/** An address under /backoffice that is neither the queue nor a case. */
export function BackofficeNotFound() {
  const { t } = useTranslation(['backoffice']);
  return (
    <Container size="sm" py="xl">
      <PageTitle title={t('backoffice:not_found.title')} />
      <Text mb="md">{t('backoffice:not_found.text')}</Text>
      <Anchor component={Link} to="/backoffice">
        {t('backoffice:not_found.to_queue')}
      </Anchor>
    </Container>
  );
}

/** A screen that failed to render: a message and a way back instead of an empty page. */
class BackofficeErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RenderFailed /> : this.props.children;
  }
}

function RenderFailed() {
  const { t } = useTranslation(['backoffice']);
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('backoffice:layout.failed_title')}>
        {t('backoffice:layout.failed_text')}{' '}
        <Anchor component={Link} to="/backoffice">
          {t('backoffice:not_found.to_queue')}
        </Anchor>
      </Alert>
    </Container>
  );
}
