import type { AllowedUpdate } from '@finportal/contracts/applications';
import { editableFieldGroups } from '@finportal/contracts/representative-permissions';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import { BENEFICIAL_OWNER_THRESHOLD_PERCENT, percentOf } from '@finportal/contracts/representatives';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMarkBeneficialOwners } from '../api/update-representative';

/** Nobody on the list holds 25 % or more (a share not given counts as none). */
export function noQualifyingOwner(signatories: readonly Signatory[]): boolean {
  return (
    signatories.length > 0 &&
    !signatories.some(
      (s) => s.percentage_owned !== null && percentOf(s.percentage_owned) >= BENEFICIAL_OWNER_THRESHOLD_PERCENT,
    )
  );
}

/** The legal representatives not yet marked as beneficial owners whose flags this user may change. */
export function ownerCandidates(signatories: readonly Signatory[], allowed: readonly AllowedUpdate[]): Signatory[] {
  return signatories.filter(
    (s) =>
      s.is_legal_signatory === true &&
      s.is_beneficial_owner !== true &&
      editableFieldGroups(allowed, s.is_current_actor).includes('signatory_flags'),
  );
}

/**
 * When no natural person holds 25 % or more, the legal representatives count as beneficial owners
 * (German Money Laundering Act, GwG section 3 (2); ADR 014): the explanation, and a button that
 * marks them (PATCH is_beneficial_owner for each, where the user may change the flags).
 */
export function BeneficialOwnerNotice({
  applicationId,
  signatories,
  allowed,
}: {
  applicationId: string;
  signatories: readonly Signatory[];
  allowed: readonly AllowedUpdate[];
}) {
  const { t } = useTranslation(['representatives']);
  const mark = useMarkBeneficialOwners(applicationId);
  if (!noQualifyingOwner(signatories)) return null;
  const legal = signatories.filter((s) => s.is_legal_signatory === true);
  // Nothing left to do once every legal representative is marked.
  if (legal.length > 0 && legal.every((s) => s.is_beneficial_owner === true)) return null;
  const candidates = ownerCandidates(signatories, allowed);
  const hasLegal = legal.length > 0;
  return (
    <Alert color="blue" variant="light" role="note" title={t('representatives:gwg.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('representatives:gwg.text')}</Text>
        {!hasLegal && <Text size="sm">{t('representatives:gwg.no_legal')}</Text>}
        {candidates.length > 0 && (
          <Button size="xs" onClick={() => mark.mutate(candidates)} loading={mark.isPending}>
            {t('representatives:gwg.button', { count: candidates.length })}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
