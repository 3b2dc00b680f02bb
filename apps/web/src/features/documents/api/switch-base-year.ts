import type { AnnualStatementBaseYearResponse } from '@finportal/contracts/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, showSuccessToast } from '../../../lib/http';
import { applicationKeys } from '../../applications/api/query-keys';
import { documentsChanged } from './query-keys';

/**
 * PATCH .../annual_statement_base_year: the annual statements' new base year; the server removes
 * the statements of years no longer asked for. Then the application (its document types), the
 * list and the pending items are read again.
 */
export function useSwitchBaseYear(applicationId: string, { onSwitched }: { onSwitched?: () => void } = {}) {
  const { t } = useTranslation(['documents']);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (baseYear: number) =>
      http.patch<AnnualStatementBaseYearResponse>(
        `/user/applications/${encodeURIComponent(applicationId)}/annual_statement_base_year`,
        { base_year: baseYear },
        { silent: true },
      ),
    onSuccess: async (result) => {
      showSuccessToast(
        t('documents:base_year.switched', {
          year: result.document_configurations.annual_statement_base_year,
          count: result.removed_document_ids.length,
        }),
      );
      onSwitched?.();
      await Promise.all([
        documentsChanged(queryClient, applicationId),
        queryClient.invalidateQueries({ queryKey: applicationKeys.list() }),
      ]);
    },
  });
}
