import { useCallback } from 'react';
import { isApiError, showErrorToast } from '../../../lib/http';
import { DEBUG_LANGUAGE, i18n, isLanguage, loadNamespaces } from '../../../lib/i18n';
import { useAuth } from '../../../lib/session-store';

/**
 * Language switch (header and settings): changes i18next's language (which stores the cookie);
 * when signed in with a verified e-mail also saves interface_language on the profile
 * (failure: settings.account.language-not-updated).
 */
export function useLanguageSwitch(): (language: string) => Promise<void> {
  const { isAuthenticated } = useAuth();

  return useCallback(
    async (language: string) => {
      await i18n.changeLanguage(language);
      if (language === DEBUG_LANGUAGE || !isLanguage(language) || !isAuthenticated) return;
      try {
        const { saveInterfaceLanguage } = await import('../api/save-interface-language');
        await saveInterfaceLanguage(language);
      } catch (error) {
        if (isApiError(error) && (error.kind === 'aborted' || error.path === '/user/profile')) return;
        // In the language just chosen (a `t` from the last render would still be the old one);
        // the header's switch can fail on any page, so the settings texts may still be missing.
        await loadNamespaces(['settings']);
        showErrorToast(i18n.t('settings:account.language-not-updated'));
      }
    },
    [isAuthenticated],
  );
}
