import { useTranslation } from 'react-i18next';
import type { Change, DraftField } from './draft-form';

const LABELS: Record<DraftField | 'logo', string> = {
  logo: 'console:logo.title',
  display_name: 'console:names.display_name',
  legal_name: 'console:names.legal_name',
  'fe_theme.color_primary': 'console:theme.primary',
  'fe_theme.color_cta_text': 'console:theme.cta_text',
  'fe_theme.color_link': 'console:theme.link',
  customer_support_email: 'console:support.email',
  customer_support_phone: 'console:support.phone',
  'url_list.terms': 'console:links.terms',
  'url_list.privacy_policy': 'console:links.privacy_policy',
  'url_list.imprint': 'console:links.imprint',
  'url_list.terms_of_use': 'console:links.terms_of_use',
  is_partner_terms_required: 'console:links.partner_terms',
  'languages.supported': 'console:languages.supported',
  'languages.default': 'console:languages.default',
  'currencies.supported': 'console:currencies.supported',
  'currencies.default': 'console:currencies.default',
  features: 'console:features.title',
  entitlements: 'console:entitlements.title',
};

/** The name of a changed setting, as the form labels it. */
export function useChangeLabel(): (change: Change) => string {
  const { t } = useTranslation(['console']);
  return (change) => (change.kind === 'feature' ? t(`console:features.${change.name}`) : t(LABELS[change.field]));
}

/** One side of a change, readable: a colour with its swatch, lists by name, yes/no, "none" for nothing. */
export function ChangeValue({ change, side }: { change: Change; side: 'before' | 'after' }) {
  const { t } = useTranslation(['console', 'common']);
  const none = <em>{t('console:publish.none')}</em>;
  switch (change.kind) {
    case 'colour': {
      const value = change[side];
      return (
        <span className="fp-console-colour">
          <span className="fp-console-swatch" style={{ background: value }} aria-hidden="true" />
          <code>{value}</code>
        </span>
      );
    }
    case 'logo':
      return change[side] ? <code className="fp-console-value">{change[side]}</code> : none;
    case 'text':
    case 'url':
      return change[side] ? <span className="fp-console-value">{change[side]}</span> : none;
    case 'yes_no':
    case 'feature':
      return <>{change[side] ? t('console:publish.on') : t('console:publish.off')}</>;
    case 'languages':
    case 'currencies':
    case 'entitlements': {
      const list = change[side];
      if (list.length === 0) return none;
      const name = (code: string) =>
        change.kind === 'languages'
          ? t(`common:language_names.${code}`)
          : change.kind === 'entitlements'
            ? t(`console:entitlements.${code}`)
            : code;
      return <>{list.map(name).join(', ')}</>;
    }
  }
}
