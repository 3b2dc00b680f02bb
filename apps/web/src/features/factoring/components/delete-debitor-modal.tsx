import type { Debitor } from '@finportal/contracts/debitors';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/http';
import { useDeleteDebitor } from '../api/delete-debitor';

/** Asks before a debtor is deleted; a failure is toasted and the modal stays open. */
export function DeleteDebitorModal({
  applicationId,
  debitor,
  onClose,
}: {
  applicationId: string;
  debitor: Debitor | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  const remove = useDeleteDebitor(applicationId, { onDeleted: onClose });
  return (
    <Modal
      opened={debitor !== null}
      onClose={onClose}
      title={t('factoring:delete.title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('factoring:delete.text', { name: debitor?.company.company_name ?? '' })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('factoring:form.cancel')}
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() =>
              debitor &&
              remove.mutate(debitor.debitor_id, {
                onError: (error) => notifyError(error, t('factoring:delete.failed')),
              })
            }
          >
            {t('factoring:delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
