import type { CaseDetail } from '@finportal/contracts/backoffice';
import { KYC_STEPS, type Signatory } from '@finportal/contracts/representative-schemas';
import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName, formatIsoDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime, personName } from '../model/display';
import { Facts, SectionCard } from './facts';

/**
 * The representatives as the borrower entered them: name, roles, contact, invitation, the
 * identification (KYC) steps and the signature where there is one.
 */
export function RepresentativesSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const people = detail.representatives.signatories;
  return (
    <SectionCard title={t('representatives:title')}>
      {detail.representatives.guarantees_required && (
        <Text size="sm" mb="sm">
          {t('backoffice:people.guarantees_required')}
        </Text>
      )}
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:people.none')}
        </Text>
      ) : (
        <Stack gap="md">
          {people.map((person) => (
            <Person key={person.signatory_id} person={person} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function Person({ person }: { person: Signatory }) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const language = currentLanguage();
  const share =
    person.percentage_owned === null ? null : formatNumber(person.percentage_owned, language, { style: 'percent' });
  const roles = [
    person.is_main_contact && t('representatives:roles.main_contact'),
    person.is_legal_signatory && t('representatives:roles.legal_signatory'),
    person.is_sole_signatory && t('representatives:roles.sole_signatory'),
    person.is_contract_signatory && t('representatives:roles.contract_signatory'),
    person.is_beneficial_owner &&
      (share
        ? t('representatives:roles.beneficial_owner_share', { share })
        : t('representatives:roles.beneficial_owner')),
  ].filter((role): role is string => Boolean(role));
  const street = [person.street, person.street_number].filter(Boolean).join(' ');
  const city = [person.postcode, person.location].filter(Boolean).join(' ');
  const signature = person.requirements;
  return (
    <Paper withBorder radius="sm" p="sm" component="article" className="fp-bo-person">
      <h3 className="fp-bo-card-subtitle">{personName(person, t)}</h3>
      {roles.length > 0 && (
        <Group gap={6} mb="xs" aria-label={t('representatives:card.roles_label')} role="list">
          {roles.map((role) => (
            <Badge key={role} variant="outline" color="gray" tt="none" role="listitem">
              {role}
            </Badge>
          ))}
        </Group>
      )}
      <Facts
        facts={[
          { label: t('representatives:fields.email'), value: person.email },
          { label: t('representatives:fields.telephone'), value: person.telephone },
          { label: t('representatives:fields.position'), value: person.position },
          {
            label: t('representatives:fields.nationality'),
            value: person.nationality && countryName(person.nationality, language),
          },
          { label: t('representatives:fields.birthdate'), value: formatIsoDate(person.birthdate) },
          { label: t('representatives:fields.taxid'), value: person.taxid },
          {
            label: t('representatives:card.address'),
            value: [street, city, person.country && countryName(person.country, language)].filter(Boolean).join(', '),
          },
          { label: t('representatives:card.invitation'), value: t(`representatives:invite.${person.invite_status}`) },
          ...(signature
            ? [
                {
                  label: t('backoffice:people.signature'),
                  value: [
                    signature.signature_status
                      ? t(`backoffice:signature_status.${signature.signature_status}`)
                      : t('backoffice:people.signature_none'),
                    signature.signature_provider,
                    signature.signature_completed_at && formatDateTime(signature.signature_completed_at, language),
                  ]
                    .filter(Boolean)
                    .join(' · '),
                },
              ]
            : []),
        ]}
      />
      <KycSteps person={person} />
      {person.custom_fields_list.length > 0 && (
        <Facts
          facts={person.custom_fields_list.map((entry) => ({
            label: entry.field_id,
            value: entry.field_value === null ? null : String(entry.field_value),
          }))}
        />
      )}
    </Paper>
  );
}

/** The identification (KYC) steps that apply to the person, each done or open. */
function KycSteps({ person }: { person: Signatory }) {
  const { t } = useTranslation(['backoffice']);
  const steps = KYC_STEPS.filter((step) => person.kyc_status[step]?.is_required);
  if (steps.length === 0) return null;
  return (
    <div className="fp-bo-kyc">
      <Text size="sm" fw={600} mt="xs">
        {t('backoffice:people.kyc')}
      </Text>
      <List size="sm" spacing={2}>
        {steps.map((step) => {
          const done = person.kyc_status[step]?.is_completed === true;
          return (
            <List.Item key={step} data-done={done || undefined}>
              {t(`backoffice:kyc.${step}`)}: {done ? t('backoffice:people.kyc_done') : t('backoffice:people.kyc_open')}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
