import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shapes of a part while it loads: announced once as "Loading" to screen readers, the shapes
 * themselves hidden from them.
 */
export function LoadingSkeleton({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <span className="fp-visually-hidden" role="status">
        {t('common:loading')}
      </span>
      <Stack gap="md" aria-hidden="true">
        {children}
      </Stack>
    </div>
  );
}
