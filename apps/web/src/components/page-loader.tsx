import { useTranslation } from 'react-i18next';

/** Page-level loading indicator (CSS only). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', justifyContent: 'center', padding: '80px 0' }}>
      <div className="fp-spinner" aria-hidden="true" />
      <span className="fp-visually-hidden">{t('common:loading')}</span>
    </div>
  );
}
