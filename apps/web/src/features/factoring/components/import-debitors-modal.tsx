import {
  DEBITOR_IMPORT_MAX_CHARS,
  DEBITOR_IMPORT_MAX_ROWS,
  type Debitor,
  type DebitorImportResponse,
} from '@finportal/contracts/debitors';
import { Alert, Anchor, Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../../lib/http';
import { useImportDebitors } from '../api/import-debitors';
import { CSV_ACCEPT, CSV_COLUMNS, exampleCsvHref, readCsvFile } from '../model/csv-file';
import { ImportPreview } from './import-preview';

/**
 * Importing debtors from a CSV file (issue 12): the expected columns with an example to download,
 * the file, then the server's preview (nothing stored: duplicates and rows in error marked), and
 * only on "Import N debtors" the import of the ready rows. Then the modal closes and the list is
 * refetched.
 */
export function ImportDebitorsModal({
  applicationId,
  debitors,
  opened,
  onClose,
}: {
  applicationId: string;
  debitors: readonly Debitor[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['factoring']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('factoring:import.title')}
      // Wide enough for the preview's seven columns on a desktop (below 48em the rows are stacked).
      size="64rem"
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      {opened && <ImportDebitors applicationId={applicationId} debitors={debitors} onClose={onClose} />}
    </Modal>
  );
}

interface Loaded {
  fileName: string;
  content: string;
  preview: DebitorImportResponse | null;
}

function ImportDebitors({
  applicationId,
  debitors,
  onClose,
}: {
  applicationId: string;
  debitors: readonly Debitor[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['factoring']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const run = useImportDebitors(applicationId, { onImported: onClose });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const choose = async (file: File | null) => {
    if (!file) return;
    setProblems([]);
    setLoaded(null);
    const content = await readCsvFile(file);
    if (content === null) {
      setProblems([t('factoring:import.too_large', { max: DEBITOR_IMPORT_MAX_CHARS.toLocaleString(language) })]);
      return;
    }
    setLoaded({ fileName: file.name, content, preview: null });
    run.mutate(
      { content, confirm: false },
      {
        onSuccess: (preview) => setLoaded({ fileName: file.name, content, preview }),
        onError: (error) => setProblems(errorMessages(error)),
      },
    );
  };

  const confirm = () => {
    if (!loaded) return;
    run.mutate({ content: loaded.content, confirm: true }, { onError: (error) => setProblems(errorMessages(error)) });
  };

  const preview = loaded?.preview ?? null;
  const ready = preview?.summary.ok ?? 0;
  return (
    <Stack gap="md">
      <Text size="sm">{t('factoring:import.intro', { max: DEBITOR_IMPORT_MAX_ROWS })}</Text>
      <List size="sm" spacing={2}>
        {CSV_COLUMNS.map((column) => (
          <List.Item key={column}>
            <Text span size="sm" ff="monospace">
              {column}
            </Text>
            {' – '}
            {t(`factoring:import.columns.${column}`)}
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        <Anchor href={exampleCsvHref(language)} download={t('factoring:import.example_file')}>
          {t('factoring:import.example')}
        </Anchor>
      </Text>
      <Group gap="sm" align="center">
        <FileButton onChange={(file) => void choose(file)} accept={CSV_ACCEPT}>
          {(props) => (
            <Button {...props} variant={preview ? 'outline' : 'filled'} disabled={run.isPending}>
              {preview ? t('factoring:import.choose_again') : t('factoring:import.choose')}
            </Button>
          )}
        </FileButton>
        {loaded && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('factoring:import.file', { name: loaded.fileName })}
          </Text>
        )}
      </Group>

      {run.isPending && !run.variables?.confirm && (
        <Text size="sm" role="status">
          {t('factoring:import.checking')}
        </Text>
      )}
      {problems.length > 0 && (
        <Alert color="red" variant="light" role="alert" title={t('factoring:import.failed')}>
          {problems.join(' ')}
        </Alert>
      )}
      {preview && <ImportPreview preview={preview} debitors={debitors} />}

      <Group justify="flex-end" gap="sm">
        <Button variant="outline" onClick={onClose} disabled={run.isPending && run.variables?.confirm === true}>
          {t('factoring:form.cancel')}
        </Button>
        {preview && (
          <Button onClick={confirm} disabled={ready === 0} loading={run.isPending && run.variables?.confirm === true}>
            {t('factoring:import.confirm', { count: ready })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
