import type { Application } from '@finportal/contracts/applications';
import { isClosedStatus } from '@finportal/contracts/statuses';
import { Stack } from '@mantine/core';
import { CompanyInfoCard } from '../../features/applications/components/company-info-card';
import { OfferCard } from '../../features/applications/components/offer-card';
import { AppointmentBanner } from '../../features/appointments/components/appointment-banner';
import { BankInfoCard } from '../../features/bank-info/components/bank-info-card';
import { CustomFieldCards } from '../../features/custom-fields/components/custom-field-cards';
import { PendingItemsCard } from '../../features/pending-items/components/pending-items-card';

/**
 * Overview tab (spec 2 section 2 "Overview"): pending items, the indicative offer, appointment
 * banner, company information, custom fields, bank information. The cards open their modals from
 * the query (`?tab=overview&modal=tax_id`, `&modal=bankinfo`), which is where pending items link
 * to. A closed application (the frame says why it closed) has nothing to do: no pending items,
 * no offer, no appointment, no data requests.
 */
export function OverviewTab({ application }: { application: Application }) {
  const closed = isClosedStatus(application.status);
  return (
    <Stack gap="lg">
      {!closed && <PendingItemsCard application={application} />}
      {!closed && <OfferCard application={application} />}
      {!closed && <AppointmentBanner application={application} />}
      <CompanyInfoCard application={application} />
      <CustomFieldCards application={application} />
      <BankInfoCard application={application} />
    </Stack>
  );
}
