import type { Application } from '@finportal/contracts/applications';
import { debitorsMaxError } from '@finportal/contracts/debitor-rules';
import type { Debitor, DebitorsResponse } from '@finportal/contracts/debitors';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestCover } from '../api/request-cover';
import { useCoverAnnouncement } from '../model/use-cover-announcement';
import { AddDebitorModal } from './add-debitor-modal';
import { ConcentrationFigure } from './concentration-figure';
import { DebitorsTable } from './debitors-table';
import { DeleteDebitorModal } from './delete-debitor-modal';
import { EditDebitorModal } from './edit-debitor-modal';
import { ImportDebitorsModal } from './import-debitors-modal';

type Dialog =
  { kind: 'add' } | { kind: 'import' } | { kind: 'edit'; debitor: Debitor } | { kind: 'delete'; debitor: Debitor };

/**
 * The top debtors (spec 2 sections 2 to 4): the concentration figure, the table with each cover's
 * status (followed while Pending), and the add, CSV-import, edit, delete and cover-request actions
 * while the debtors may be changed. At the partner's maximum adding and importing are disabled and
 * say so.
 */
export function DebitorsSection({ application, list }: { application: Application; list: DebitorsResponse }) {
  const { t, i18n } = useTranslation(['factoring']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const id = application.applicationId;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const cover = useRequestCover(id);
  const announcement = useCoverAnnouncement(list.result);
  const { result: debitors, max_debitors: max, is_editable: editable } = list;
  const atMax = debitorsMaxError(debitors.length, max) !== null;
  const maxId = `${headingId}-max`;
  const maxText = new Intl.NumberFormat(language).format(max);

  const actions = editable && (
    <Stack gap={4} align="flex-start" className="fp-factoring-header-actions">
      <Group gap="sm">
        <Button
          onClick={() => setDialog({ kind: 'add' })}
          disabled={atMax}
          aria-describedby={atMax ? maxId : undefined}
        >
          {t('factoring:debitors.add')}
        </Button>
        <Button
          variant="outline"
          onClick={() => setDialog({ kind: 'import' })}
          disabled={atMax}
          aria-describedby={atMax ? maxId : undefined}
        >
          {t('factoring:import.open')}
        </Button>
      </Group>
      {atMax && (
        <Text size="sm" c="gray.7" id={maxId}>
          {t('factoring:debitors.max_reached', { count: max, max: maxText })}
        </Text>
      )}
    </Stack>
  );

  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <div className="fp-tab-header">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t('factoring:debitors.title')}
          </Title>
          <Text size="sm" mt={4}>
            {editable
              ? t('factoring:debitors.intro', { count: max, max: maxText })
              : t('factoring:debitors.intro_locked')}
          </Text>
        </div>
        {debitors.length > 0 && actions}
      </div>

      {debitors.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('factoring:debitors.empty_title')}
            </Title>
            <Text size="sm">
              {editable ? t('factoring:debitors.empty_text') : t('factoring:debitors.empty_text_locked')}
            </Text>
            {actions}
          </Stack>
        </Card>
      ) : (
        <>
          <ConcentrationFigure list={list} />
          <DebitorsTable
            list={list}
            requestingId={cover.isPending ? (cover.variables ?? null) : null}
            onEdit={(debitor) => setDialog({ kind: 'edit', debitor })}
            onDelete={(debitor) => setDialog({ kind: 'delete', debitor })}
            onRequestCover={(debitor) => cover.mutate(debitor.debitor_id)}
          />
        </>
      )}

      <div className="fp-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>

      <AddDebitorModal
        application={application}
        insurer={list.credit_insurer}
        opened={dialog?.kind === 'add'}
        onClose={close}
      />
      <ImportDebitorsModal applicationId={id} debitors={debitors} opened={dialog?.kind === 'import'} onClose={close} />
      <EditDebitorModal applicationId={id} debitor={dialog?.kind === 'edit' ? dialog.debitor : null} onClose={close} />
      <DeleteDebitorModal
        applicationId={id}
        debitor={dialog?.kind === 'delete' ? dialog.debitor : null}
        onClose={close}
      />
    </Stack>
  );
}
