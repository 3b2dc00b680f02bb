import { useTranslation } from 'react-i18next';
import { MenuButton } from '../../components/dropdown';
import { ChevronDownIcon, GlobeIcon } from '../../components/icons';
import { useConfig } from '../../lib/config';
import { DEBUG_LANGUAGE } from '../../lib/i18n';
import { useLanguageSwitch } from '../../features/settings/model/use-language-switch';

/** Header language switcher: the partner's languages in upper case (+ "Show keys", cimode, when show_sl_keys). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { app } = useConfig();
  const switchLanguage = useLanguageSwitch();
  const options = [...app.languages.supported, ...(app.show_sl_keys ? [DEBUG_LANGUAGE] : [])];
  const current = i18n.language === DEBUG_LANGUAGE ? DEBUG_LANGUAGE : (i18n.resolvedLanguage ?? i18n.language);
  // The debug option reads "Show keys" (issue 26), also while it is on (then in the partner's default language).
  const shown = i18n.language === DEBUG_LANGUAGE ? app.languages.default : undefined;
  const label = (code: string) =>
    code === DEBUG_LANGUAGE ? t('common:header.show_keys', shown ? { lng: shown } : {}) : code.toUpperCase();

  return (
    <MenuButton
      trigger={{
        'data-testid': 'language-switcher',
        leftSection: <GlobeIcon className="fp-hide-xs" />,
        rightSection: <ChevronDownIcon width={14} height={14} />,
        children: (
          <>
            <span className="fp-visually-hidden">{t('common:header.language_label')} </span>
            {label(current)}
          </>
        ),
      }}
      entries={options.map((code) => ({
        key: code,
        label: label(code),
        lang: code === DEBUG_LANGUAGE ? undefined : code,
        current: code === current,
        onSelect: () => void switchLanguage(code),
      }))}
    />
  );
}
