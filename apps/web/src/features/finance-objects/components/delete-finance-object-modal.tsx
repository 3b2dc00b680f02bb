import type { FinanceObject } from '@finportal/contracts/finance-objects';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError, itemMessages, showErrorToast } from '../../../lib/http';
import { useDeleteFinanceObject } from '../api/delete-finance-object';
import { objectTitle } from '../model/display';

/** Asks before an object is deleted; a failure is toasted and the modal stays open. */
export function DeleteFinanceObjectModal({
  applicationId,
  object,
  onClose,
}: {
  applicationId: string;
  object: FinanceObject | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['objects']);
  const remove = useDeleteFinanceObject(applicationId, { onDeleted: onClose });
  const name = object ? objectTitle(object) || t('objects:card.untitled') : '';
  return (
    <Modal
      opened={object !== null}
      onClose={onClose}
      title={t('objects:delete.title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('objects:delete.text', { name })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {t('objects:delete.cancel')}
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() =>
              object &&
              remove.mutate(object.finance_object_id, {
                onError: (error) =>
                  showErrorToast(
                    isApiError(error) && error.errors.length
                      ? itemMessages(error.errors).join(' ')
                      : t('common:request-failed'),
                    t('objects:delete.failed'),
                  ),
              })
            }
          >
            {t('objects:delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
