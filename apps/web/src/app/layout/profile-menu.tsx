import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MenuButton } from '../../components/dropdown';
import { ChevronDownIcon, UserIcon } from '../../components/icons';
import { useLogout } from '../../features/auth/api/logout';
import { useProfile } from '../../lib/profile';

/** Profile dropdown labelled with the user's e-mail: my applications, settings, log out. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const { logout, pending } = useLogout();
  const label = profile?.email ?? t('common:header.account');

  return (
    <MenuButton
      trigger={{
        'data-testid': 'profile-menu',
        leftSection: <UserIcon />,
        rightSection: <ChevronDownIcon width={14} height={14} />,
        styles: { label: { minWidth: 0 } },
        children: (
          <Box component="span" className="fp-profile-label">
            {label}
          </Box>
        ),
      }}
      entries={[
        {
          key: 'applications',
          label: t('common:header.my_applications'),
          to: '/dashboard/applications',
          current: pathname === '/dashboard/applications',
        },
        {
          key: 'settings',
          label: t('common:header.settings'),
          to: '/dashboard/settings',
          current: pathname === '/dashboard/settings',
        },
        {
          key: 'logout',
          label: t('common:header.logout'),
          onSelect: () => void logout(),
          disabled: pending,
          divider: true,
        },
      ]}
    />
  );
}
