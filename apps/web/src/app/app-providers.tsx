import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';

/**
 * Root providers that do not depend on the partner. (TanStack Query's provider is added by the
 * lazily loaded parts that use queries: see lib/query-provider.tsx.)
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
