import type { Application } from '@finportal/contracts/applications';
import type { FactoringDetailsResponse } from '@finportal/contracts/factoring';
import { FACTORING_SECTIONS, type FactoringContext, type FactoringSection } from '@finportal/contracts/factoring-rules';
import { Stack, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storedValues } from '../model/factoring-form';
import { FactoringCard } from './factoring-card';
import { FactoringFormModal } from './factoring-form-modal';

/**
 * The factoring details (spec 2 section 2 "Factoring"): the financial, invoice and risk-protection
 * cards, each changed through its edit modal while the details may be changed (`is_editable`).
 */
export function FactoringDetailsSection({
  application,
  details,
}: {
  application: Application;
  details: FactoringDetailsResponse;
}) {
  const { t } = useTranslation(['factoring']);
  const headingId = useId();
  const [editing, setEditing] = useState<FactoringSection | null>(null);
  const context = useMemo<FactoringContext>(
    () => ({
      required: details.is_required,
      hasInternationalCustomers: details.has_international_customers,
      stored: storedValues(details),
    }),
    [details],
  );

  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t('factoring:details.title')}
        </Title>
        <Text size="sm" mt={4}>
          {details.is_editable ? t('factoring:details.intro') : t('factoring:details.intro_locked')}
        </Text>
      </div>
      <ul className="fp-card-grid" aria-label={t('factoring:details.list_label')}>
        {FACTORING_SECTIONS.map((section) => (
          <FactoringCard
            key={section}
            section={section}
            context={context}
            currency={application.currency}
            editable={details.is_editable}
            onEdit={() => setEditing(section)}
          />
        ))}
      </ul>
      <FactoringFormModal
        applicationId={application.applicationId}
        currency={application.currency}
        section={editing}
        context={context}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
