import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages, isApiError } from '../../../../lib/http';
import { usePublishConsoleDraft } from '../../api/console-publish';
import type { Change } from './draft-form';
import { ChangeValue, useChangeLabel } from './change-value';

/**
 * "Publish": what goes live (every change against the published configuration, old and new),
 * then the confirmation. Unsaved changes are saved first (`prepare`; false: the form shows why and
 * the dialog closes). A refusal shows in the dialog.
 */
export function PublishDialog({
  opened,
  onClose,
  changes,
  partnerKey,
  prepare,
}: {
  opened: boolean;
  onClose: () => void;
  changes: Change[];
  partnerKey: string;
  prepare: () => Promise<boolean>;
}) {
  const { t } = useTranslation(['console']);
  const publish = usePublishConsoleDraft(partnerKey);
  const [preparing, setPreparing] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const busy = preparing || publish.isPending;
  const label = useChangeLabel();

  const close = () => {
    if (busy) return;
    setRefused(null);
    onClose();
  };

  const confirm = async () => {
    setRefused(null);
    setPreparing(true);
    const ready = await prepare();
    setPreparing(false);
    if (!ready) {
      onClose();
      return;
    }
    publish.mutate(undefined, {
      onSuccess: () => onClose(),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return;
        setRefused(errorMessages(error).join(' '));
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('console:publish.title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      size="lg"
      centered
    >
      <Stack gap="sm">
        <Text>{t('console:publish.text', { count: changes.length })}</Text>
        <ul className="fp-console-changes" data-testid="publish-changes">
          {changes.map((change) => (
            <li key={change.kind === 'feature' ? `${change.field}.${change.name}` : change.field}>
              <Text span fw={600} size="sm">
                {label(change)}
              </Text>
              <div className="fp-console-change">
                <span className="fp-console-before">
                  <span className="fp-visually-hidden">{t('console:publish.before')} </span>
                  <ChangeValue change={change} side="before" />
                </span>
                <span aria-hidden="true">→</span>
                <span className="fp-console-after">
                  <span className="fp-visually-hidden">{t('console:publish.after')} </span>
                  <ChangeValue change={change} side="after" />
                </span>
              </div>
            </li>
          ))}
        </ul>
        <Text size="sm" c="dimmed">
          {t('console:publish.effect')}
        </Text>
        {refused && (
          <Alert color="red" role="alert" title={t('console:publish.refused')}>
            {refused}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('console:cancel')}
          </Button>
          <Button loading={busy} onClick={() => void confirm()} data-autofocus>
            {t('console:publish.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
