import type { Signatory } from '@finportal/contracts/representative-schemas';
import { representativeName } from '@finportal/contracts/representatives';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDeleteRepresentative } from '../api/delete-representative';

/** Deleting a representative after a confirmation that names the person (spec 2 section 2). */
export function DeleteRepresentativeModal({
  applicationId,
  signatory,
  onClose,
}: {
  applicationId: string;
  signatory: Signatory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['representatives']);
  const remove = useDeleteRepresentative(applicationId, { onDeleted: onClose });
  const name = signatory ? representativeName(signatory) || t('representatives:card.unnamed') : '';
  return (
    <Modal
      opened={signatory !== null}
      onClose={onClose}
      title={t('representatives:delete.title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="md">
        <Text>{t('representatives:delete.text', { name })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onClose} disabled={remove.isPending} data-autofocus>
            {t('representatives:delete.cancel')}
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() => signatory && remove.mutate(signatory.signatory_id)}
          >
            {t('representatives:delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
