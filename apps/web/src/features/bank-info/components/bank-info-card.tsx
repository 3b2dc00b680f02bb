import type { Application } from '@finportal/contracts/applications';
import { formatIban, updateBankInfoRequest } from '@finportal/contracts/bank-info';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Button, Card, DataList, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportFormError, zodValidate } from '../../../lib/zod-form';
import { useUpdateBankInfo } from '../api/update-bank-info';

/** The query parameter that opens an overview modal, and its value for this one (pending-item links). */
const MODAL_PARAM = 'modal';
export const BANK_INFO_MODAL = 'bankinfo';

/**
 * Bank information of the overview (spec 2 sections 2, 5 and 7): bank name and IBAN (in groups
 * of four), or an empty state; add / change in a modal that needs allowed_updates 'bankinfo'.
 * `?modal=bankinfo` opens the modal; closing it removes the parameter. A closed application
 * asks for nothing: its bank data, if any, is shown without actions, else there is no card.
 */
export function BankInfoCard({ application }: { application: Application }) {
  const { t } = useTranslation(['bank-info']);
  const headingId = useId();
  const lockedId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const canEdit = application.allowed_updates.includes('bankinfo');
  const hasBankInfo = !!(application.bankName || application.iban);
  const closed = isClosedStatus(application.status);
  const modalOpen = canEdit && !closed && searchParams.get(MODAL_PARAM) === BANK_INFO_MODAL;

  const setModal = (open: boolean) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set(MODAL_PARAM, BANK_INFO_MODAL);
        else next.delete(MODAL_PARAM);
        return next;
      },
      { replace: true },
    );

  const action = (
    <Button
      variant={hasBankInfo ? 'outline' : 'filled'}
      size={hasBankInfo ? 'xs' : 'sm'}
      disabled={!canEdit}
      aria-describedby={canEdit ? undefined : lockedId}
      aria-label={hasBankInfo ? t('change_label') : undefined}
      onClick={() => setModal(true)}
    >
      {hasBankInfo ? t('change') : t('add')}
    </Button>
  );
  const empty = t('not_provided');
  if (closed && !hasBankInfo) return null;

  return (
    <Card id="bank-info" withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="sm" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id={headingId}>
          {t('title')}
        </Title>
        {hasBankInfo && !closed && action}
      </Group>
      {hasBankInfo ? (
        <DataList orientation="vertical" gap="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('bank_name')}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
              {application.bankName || empty}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('iban')}</DataList.ItemLabel>
            <DataList.ItemValue translate="no" style={{ overflowWrap: 'anywhere' }}>
              {application.iban ? formatIban(application.iban) : empty}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('empty')}</Text>
          {action}
        </Stack>
      )}
      {!canEdit && !closed && (
        <Text id={lockedId} size="sm" c="dimmed" mt="sm">
          {t('locked')}
        </Text>
      )}
      <Modal
        opened={modalOpen}
        onClose={() => setModal(false)}
        title={hasBankInfo ? t('modal.title_change') : t('modal.title_add')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        {modalOpen && <BankInfoForm application={application} onDone={() => setModal(false)} />}
      </Modal>
    </Card>
  );
}

interface BankInfoValues {
  bankName: string;
  iban: string;
}

const FIELDS = ['bankName', 'iban'] as const;

function BankInfoForm({ application, onDone }: { application: Application; onDone: () => void }) {
  const { t } = useTranslation(['bank-info']);
  const form = useForm<BankInfoValues>({
    mode: 'uncontrolled',
    initialValues: {
      bankName: application.bankName ?? '',
      iban: application.iban ? formatIban(application.iban) : '',
    },
    validate: zodValidate(updateBankInfoRequest),
    validateInputOnBlur: true,
  });
  const save = useUpdateBankInfo(application.applicationId, { onSaved: onDone });
  // The modal stays open with everything typed; field errors go on their fields.
  const submit = (values: BankInfoValues) =>
    save.mutate(values, {
      onError: (error) => reportFormError(form, error, FIELDS, t('dashboard:general.errors.something_went_wrong')),
    });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('modal.text')}</Text>
        <TextInput
          label={t('bank_name')}
          required
          data-autofocus
          autoComplete="off"
          key={form.key('bankName')}
          {...form.getInputProps('bankName')}
        />
        <TextInput
          label={t('iban')}
          description={t('modal.iban_hint')}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          translate="no"
          key={form.key('iban')}
          {...form.getInputProps('iban')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            {t('modal.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('modal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
