import { annualStatementsDropped, withBaseYear } from '@finportal/contracts/annual-statements';
import type { DocumentConfigurations, Document } from '@finportal/contracts/documents';
import { Button, Group, List, Modal, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, showErrorToast } from '../../../lib/http';
import { translateErrorCode } from '../../../lib/i18n';
import { useSwitchBaseYear } from '../api/switch-base-year';

interface BaseYearSwitchProps {
  applicationId: string;
  configurations: DocumentConfigurations;
  documents: readonly Document[];
  /** The applicant while the application is Open (the switch removes documents). */
  canSwitch: boolean;
  /** The file list is still loading (what a switch would delete is not known yet). */
  busy?: boolean;
}

/**
 * The annual statements' base year (spec 2 section 2; ADR 015): the customer picks the last year
 * they have a statement for. Statements of years no longer asked for are removed by the switch:
 * the files are named in a confirmation first. Without files to remove the switch is immediate.
 */
export function BaseYearSwitch({
  applicationId,
  configurations,
  documents,
  canSwitch,
  busy = false,
}: BaseYearSwitchProps) {
  const { t } = useTranslation(['documents']);
  const [pending, setPending] = useState<number | null>(null);
  const switchYear = useSwitchBaseYear(applicationId, { onSwitched: () => setPending(null) });
  const current = configurations.annual_statement_base_year;
  const options = configurations.annual_statement_base_years;
  if (current === null || options.length < 2) return null;

  const types = configurations.document_categories.flatMap((c) => c.document_types);
  const removedBy = (year: number) => {
    const dropped = new Set(annualStatementsDropped(types, withBaseYear(types, types, year)));
    return documents.filter((d) => dropped.has(d.document_type));
  };
  const run = (year: number) =>
    switchYear.mutate(year, {
      onError: (error) =>
        showErrorToast(
          isApiError(error) && error.errors[0]
            ? translateErrorCode(error.errors[0].code, error.errors[0].values)
            : t('documents:base_year.failed'),
        ),
    });
  const choose = (year: number) => {
    if (year === current) return;
    if (removedBy(year).length) setPending(year);
    else run(year);
  };
  const removing = pending === null ? [] : removedBy(pending);

  return (
    <Paper withBorder radius="md" p="md" className="fp-docs-base-year">
      <NativeSelect
        label={t('documents:base_year.label')}
        description={canSwitch ? t('documents:base_year.hint') : t('documents:base_year.locked')}
        value={String(current)}
        disabled={!canSwitch || busy || switchYear.isPending}
        onChange={(event) => choose(Number(event.currentTarget.value))}
        data={options.map((year) => ({ value: String(year), label: String(year) }))}
        maw={320}
      />
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={t('documents:base_year.confirm_title', { year: pending ?? '' })}
        closeButtonProps={{ 'aria-label': t('common:close') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t('documents:base_year.confirm_text', { count: removing.length, year: pending ?? '' })}
          </Text>
          <List size="sm" spacing={4}>
            {removing.map((doc) => (
              <List.Item key={doc.document_id}>{doc.document_name}</List.Item>
            ))}
          </List>
          <Group justify="flex-end" gap="sm">
            <Button variant="outline" onClick={() => setPending(null)} disabled={switchYear.isPending}>
              {t('documents:base_year.cancel')}
            </Button>
            <Button color="red.9" loading={switchYear.isPending} onClick={() => pending !== null && run(pending)}>
              {t('documents:base_year.confirm', { year: pending ?? '' })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
