import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../lib/config';
import {
  closeCookieConsent,
  cookieConsentStore,
  saveCookieChoice,
  useCookieConsent,
} from '../../../lib/cookie-consent';

/**
 * Cookie consent dialog: essential (always on, disabled), analytics and marketing (off by default).
 * A native modal <dialog> (focus containment, inert background, Escape) without extra JavaScript.
 */
export function CookieConsentModal() {
  const { t } = useTranslation();
  const { app } = useConfig();
  const { open, choice } = useCookieConsent();
  const [analytics, setAnalytics] = useState(choice?.analytics ?? false);
  const [marketing, setMarketing] = useState(choice?.marketing ?? false);
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // The first choice must be made; later the dialog can simply be closed.
  const dismissable = choice !== null;

  useEffect(() => {
    const node = dialog.current;
    if (!node || !open) return;
    const show = () => {
      if (typeof node.showModal === 'function') {
        if (!node.open) node.showModal();
      } else {
        node.setAttribute('open', '');
      }
      // Focus lands on the title (read first), not on the first link of the text.
      title.current?.focus();
    };
    // On a first visit the dialog opens right after the page's first paint, in a task of its own:
    // showModal() and focus() lay out the whole page again, which on a phone would otherwise
    // lengthen the first render's long task (ADR 011).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (typeof node.close === 'function' && node.open) node.close();
    };
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={dialog}
      className="fp-dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      data-testid="cookie-consent"
      onCancel={(event) => {
        event.preventDefault();
        if (dismissable) closeCookieConsent();
      }}
      onClose={() => {
        // Chromium closes a modal dialog on Escape even when `cancel` is prevented (its close
        // watcher allows that once without user activation): the first choice must still be made.
        if (!cookieConsentStore.get().open) return;
        if (dismissable) closeCookieConsent();
        else if (typeof dialog.current?.showModal === 'function') dialog.current.showModal();
      }}
    >
      <div className="fp-dialog-body">
        <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
          <h2 className="fp-dialog-title" id={titleId} tabIndex={-1} ref={title}>
            {t('common:cookies.title')}
          </h2>
          {dismissable && (
            <button
              type="button"
              className="fp-dialog-close"
              onClick={closeCookieConsent}
              aria-label={t('common:close')}
            >
              ×
            </button>
          )}
        </Group>
        <Stack gap="md">
          <Text size="sm">
            {t('common:cookies.intro')}{' '}
            <Anchor href={app.url_list.privacy_policy} target="_blank" rel="noopener noreferrer" inherit>
              {t('common:footer.privacy_policy')}
            </Anchor>
          </Text>
          <ConsentOption
            checked
            disabled
            label={t('common:cookies.essential')}
            description={t('common:cookies.essential_description')}
          />
          <ConsentOption
            checked={analytics}
            onChange={setAnalytics}
            label={t('common:cookies.analytics')}
            description={t('common:cookies.analytics_description')}
          />
          <ConsentOption
            checked={marketing}
            onChange={setMarketing}
            label={t('common:cookies.marketing')}
            description={t('common:cookies.marketing_description')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="outline" onClick={() => saveCookieChoice({ analytics, marketing })}>
              {t('common:cookies.save_selection')}
            </Button>
            <Button onClick={() => saveCookieChoice({ analytics: true, marketing: true })}>
              {t('common:cookies.accept_all')}
            </Button>
          </Group>
        </Stack>
      </div>
    </dialog>
  );
}

/** A native checkbox with label and description (kept light: the dialog shows on first visit). */
function ConsentOption({
  checked,
  disabled,
  onChange,
  label,
  description,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
  label: ReactNode;
  description: ReactNode;
}) {
  const id = useId();
  return (
    <div className="fp-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        readOnly={!onChange}
        aria-describedby={`${id}-description`}
        onChange={(e) => onChange?.(e.currentTarget.checked)}
      />
      <div>
        <label htmlFor={id} className="fp-check-label">
          {label}
        </label>
        <div id={`${id}-description`} className="fp-check-description">
          {description}
        </div>
      </div>
    </div>
  );
}
