import type { ConsoleVersion, DraftResponse } from '@finportal/contracts/partner-console';
import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from '../../../../components/loading-skeleton';
import { errorMessages, isApiError } from '../../../../lib/http';
import { currentLanguage } from '../../../../lib/i18n';
import { useRestoreConsoleVersion } from '../../api/console-restore';
import { useConsoleVersions } from '../../api/console-versions';
import { formatDateTime } from '../../model/display';
import { ScrollBox } from '../scroll-box';

/**
 * The published versions, newest first: when, by whom, what a restore brought back, the colours
 * and the support phone at a glance. "Restore" (partner.write) publishes an earlier version's
 * settings again as a new version, after a confirmation.
 */
export function VersionsPanel({
  state,
  canWrite,
  partnerKey,
}: {
  state: DraftResponse;
  canWrite: boolean;
  partnerKey: string;
}) {
  const { t } = useTranslation(['console', 'backoffice']);
  const versions = useConsoleVersions(partnerKey);
  const [restoring, setRestoring] = useState<ConsoleVersion | null>(null);

  return (
    <section aria-labelledby="fp-console-versions-title">
      <h2 id="fp-console-versions-title" className="fp-console-panel-title">
        {t('console:versions.title')}
      </h2>
      {versions.isPending ? (
        <LoadingSkeleton>
          <Skeleton height={32} />
          <Skeleton height={32} />
        </LoadingSkeleton>
      ) : versions.isError ? (
        <Alert color="red" role="alert" title={t('console:versions.failed')}>
          <Button mt="xs" variant="default" onClick={() => void versions.refetch()}>
            {t('backoffice:layout.retry')}
          </Button>
        </Alert>
      ) : versions.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center">
          <Text fw={600} role="status">
            {t('console:versions.empty_title')}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('console:versions.empty_text')}
          </Text>
        </Paper>
      ) : (
        <VersionsTable
          versions={versions.data}
          live={state.published_version}
          canWrite={canWrite}
          onRestore={setRestoring}
        />
      )}
      <RestoreDialog
        version={restoring}
        next={(versions.data?.[0]?.version ?? 0) + 1}
        partnerKey={partnerKey}
        onClose={() => setRestoring(null)}
      />
    </section>
  );
}

function VersionsTable({
  versions,
  live,
  canWrite,
  onRestore,
}: {
  versions: ConsoleVersion[];
  live: number | null;
  canWrite: boolean;
  onRestore: (version: ConsoleVersion) => void;
}) {
  const { t } = useTranslation(['console']);
  const language = currentLanguage();
  return (
    <ScrollBox caption={t('console:versions.caption', { count: versions.length })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('console:versions.col_version')}</Table.Th>
          <Table.Th scope="col">{t('console:versions.col_published')}</Table.Th>
          <Table.Th scope="col">{t('console:versions.col_by')}</Table.Th>
          <Table.Th scope="col">{t('console:versions.col_settings')}</Table.Th>
          {canWrite && <Table.Th scope="col">{t('console:versions.col_actions')}</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {versions.map((v) => (
          <Table.Tr key={v.version} data-testid="version-row">
            <Table.Td className="fp-bo-nowrap">
              <Text fw={600} size="sm" span>
                {t('console:versions.version', { version: v.version })}
              </Text>
              {v.version === live && (
                <Badge variant="light" color="green" tt="none" ml="xs" className="fp-console-badge">
                  {t('console:versions.live')}
                </Badge>
              )}
              {v.restored_from !== null && (
                <Text size="xs" c="dimmed">
                  {t('console:versions.restored_from', { version: v.restored_from })}
                </Text>
              )}
            </Table.Td>
            <Table.Td className="fp-bo-nowrap">{formatDateTime(v.published_at, language)}</Table.Td>
            <Table.Td className="fp-bo-wrap">{v.published_by ?? t('console:versions.by_file')}</Table.Td>
            <Table.Td>
              <span className="fp-console-colour">
                {[v.config.fe_theme.color_primary, v.config.fe_theme.color_cta_text, v.config.fe_theme.color_link].map(
                  (colour, i) => (
                    <span key={i} className="fp-console-swatch" style={{ background: colour }} aria-hidden="true" />
                  ),
                )}
                <code>{v.config.fe_theme.color_primary}</code>
              </span>
              <Text size="xs" c="dimmed">
                {v.config.customer_support_phone}
              </Text>
            </Table.Td>
            {canWrite && (
              <Table.Td>
                {v.version !== live && (
                  <Button size="compact-sm" variant="default" onClick={() => onRestore(v)}>
                    {t('console:versions.restore', { version: v.version })}
                  </Button>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollBox>
  );
}

function RestoreDialog({
  version,
  next,
  partnerKey,
  onClose,
}: {
  version: ConsoleVersion | null;
  next: number;
  partnerKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['console']);
  const restore = useRestoreConsoleVersion(partnerKey);
  const [refused, setRefused] = useState<string | null>(null);
  // The texts stay while the dialog closes.
  const [shown, setShown] = useState(version);
  if (version && version !== shown) setShown(version);
  const close = () => {
    if (restore.isPending) return;
    setRefused(null);
    onClose();
  };
  const confirm = () => {
    if (!version) return;
    setRefused(null);
    restore.mutate(version.version, {
      onSuccess: () => onClose(),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return;
        setRefused(errorMessages(error).join(' '));
      },
    });
  };
  return (
    <Modal
      opened={version !== null}
      onClose={close}
      title={t('console:versions.confirm_title', { version: shown?.version ?? '' })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="sm">
        <Text>{t('console:versions.confirm_text', { version: shown?.version ?? '', next })}</Text>
        <Text size="sm" c="dimmed">
          {t('console:versions.confirm_draft')}
        </Text>
        {refused && (
          <Alert color="red" role="alert" title={t('console:versions.refused')}>
            {refused}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={restore.isPending}>
            {t('console:cancel')}
          </Button>
          <Button loading={restore.isPending} onClick={confirm} data-autofocus>
            {t('console:versions.confirm', { version: shown?.version ?? '' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
