import type { Application } from '@finportal/contracts/applications';
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardGridSkeleton } from '../../../components/card-grid';
import { useDebitors } from '../api/get-debitors';
import { useFactoringDetails } from '../api/get-factoring-details';
import { DebitorsSection } from './debitors-section';
import { FactoringDetailsSection } from './factoring-details-section';
import './factoring.css';

/**
 * The Factoring tab of a factoring application (spec 2 sections 2 to 7; issue 12; ADR 018): the
 * three detail cards (financial, invoices, risk protection) with their edit modals, then the top
 * debtors with the concentration figure, the search, new-company, edit, delete, cover-request and
 * CSV-import flows. Whether anything may be changed is the server's `is_editable`; otherwise the
 * tab is read-only and says why. A failed load goes to the content error boundary.
 */
export function FactoringTab({ application }: { application: Application }) {
  const { t } = useTranslation(['factoring']);
  const details = useFactoringDetails(application.applicationId);
  const debitors = useDebitors(application.applicationId);
  if (!details.data || !debitors.data) return <CardGridSkeleton cardHeight={240} />;
  return (
    <Stack gap="xl">
      {!(details.data.is_editable && debitors.data.is_editable) && (
        <Alert color="gray" variant="light">
          {t('factoring:read_only')}
        </Alert>
      )}
      <FactoringDetailsSection application={application} details={details.data} />
      <DebitorsSection application={application} list={debitors.data} />
    </Stack>
  );
}
