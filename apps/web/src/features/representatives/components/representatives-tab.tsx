import type { Application } from '@finportal/contracts/applications';
import { canAddRepresentative } from '@finportal/contracts/representative-permissions';
import { representativeFromRegister } from '@finportal/contracts/representative-register';
import { representativeListIssues } from '@finportal/contracts/representative-list-rules';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import { representativeName } from '@finportal/contracts/representatives';
import { signatoryCustomFields } from '@finportal/contracts/signatory-custom-fields';
import { isAtOrAfter, isClosedStatus } from '@finportal/contracts/statuses';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { CardGridSkeleton } from '../../../components/card-grid';
import { buildUrl } from '../../../lib/http';
import { useTranslation } from 'react-i18next';
import { useRegisterPersons } from '../api/get-register-persons';
import { useSignatories } from '../api/get-signatories';
import { useSignatoryForm } from '../api/get-signatory-form';
import { useMakeMainContact } from '../api/update-representative';
import { isIncomplete, usePhoneFormatter } from '../model/display';
import { BeneficialOwnerNotice } from './beneficial-owner-notice';
import { DeleteRepresentativeModal } from './delete-representative-modal';
import { ListIssuesPanel } from './list-issues-panel';
import { RegisterPersonsModal } from './register-persons-modal';
import { RepresentativeCard } from './representative-card';
import { RepresentativeFormModal, useRepresentativeContext, type FormMode } from './representative-form-modal';
import { RepresentativesEmptyState } from './representatives-empty-state';
import { ShortcutModal, type Shortcut } from './shortcut-modal';
import './representatives.css';

type Dialog =
  | { kind: 'form'; mode: FormMode }
  | { kind: 'delete'; signatory: Signatory }
  | { kind: 'shortcut'; shortcut: Shortcut }
  | { kind: 'register' };

/**
 * The Representatives tab (spec 2 sections 2, 5 and 6; issue 10): the list rules' panel, the
 * cards, the empty state, and the add, edit, delete, e-mail, phone, tax id and register modals.
 * What the user may do follows the application's allowed_updates (the API enforces it). A failed
 * load of the list goes to the content error boundary; the register is an extra that stays away
 * when it cannot be loaded.
 */
export function RepresentativesTab({ application }: { application: Application }) {
  const { t } = useTranslation(['representatives']);
  const headingId = useId();
  const id = application.applicationId;
  const allowed = application.allowed_updates;
  const canAdd = canAddRepresentative(allowed);
  const list = useSignatories(id);
  const register = useRegisterPersons(id, canAdd);
  const context = useRepresentativeContext(application);
  const mainContact = useMakeMainContact(id);
  const signatoryForm = useSignatoryForm();
  // The cards group phone numbers once the number plans are there (loaded after the tab).
  usePhoneFormatter();
  const loanType = application.allBanksLoanPurpose;
  const customFields = useMemo(
    () => signatoryCustomFields(signatoryForm.data, loanType),
    [signatoryForm.data, loanType],
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  if (!list.data || signatoryForm.isPending) return <RepresentativesSkeleton />;
  const { signatories, guarantees_required } = list.data;
  const issues = representativeListIssues(signatories, { guaranteesRequired: guarantees_required });
  const registerPersons = register.data?.persons ?? [];

  const addButtons = canAdd ? (
    <Group gap="sm" wrap="wrap">
      <Button onClick={() => setDialog({ kind: 'form', mode: { kind: 'add' } })}>{t('representatives:add')}</Button>
      {registerPersons.length > 0 && (
        <Button variant="outline" onClick={() => setDialog({ kind: 'register' })}>
          {t('representatives:add_from_register')}
        </Button>
      )}
    </Group>
  ) : (
    <Text size="sm" c="dimmed">
      {t('representatives:add_locked')}
    </Text>
  );

  return (
    <Stack gap="lg" component="section" aria-labelledby={headingId}>
      <div className="fp-tab-header">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {t('representatives:title')}
          </Title>
          <Text size="sm" mt={4}>
            {t('representatives:intro')}
          </Text>
        </div>
        {signatories.length > 0 && addButtons}
      </div>

      {signatories.length === 0 ? (
        <RepresentativesEmptyState actions={addButtons} />
      ) : (
        <>
          <ListIssuesPanel
            issues={issues}
            signatories={signatories}
            incomplete={signatories.filter((s) => isIncomplete(s, context, customFields))}
          />
          <BeneficialOwnerNotice applicationId={id} signatories={signatories} allowed={allowed} />
          <ul className="fp-card-grid" aria-label={t('representatives:list_label')}>
            {signatories.map((signatory) => (
              <RepresentativeCard
                key={signatory.signatory_id}
                signatory={signatory}
                allowed={allowed}
                context={context}
                customFields={customFields}
                currency={application.currency}
                actions={{
                  onEdit: () => setDialog({ kind: 'form', mode: { kind: 'edit', signatory } }),
                  onDelete: () => setDialog({ kind: 'delete', signatory }),
                  onShortcut: (kind) => setDialog({ kind: 'shortcut', shortcut: { kind, signatory } }),
                  onMakeMainContact: () =>
                    mainContact.mutate({ signatoryId: signatory.signatory_id, name: representativeName(signatory) }),
                  makingMainContact:
                    mainContact.isPending && mainContact.variables?.signatoryId === signatory.signatory_id,
                }}
              />
            ))}
          </ul>
          {application.is_owner &&
            isAtOrAfter(application.status, 'Signature') &&
            !isClosedStatus(application.status) && <SigningRecordsLink applicationId={id} />}
        </>
      )}

      <RepresentativeFormModal
        application={application}
        mode={dialog?.kind === 'form' ? dialog.mode : null}
        onClose={close}
      />
      <DeleteRepresentativeModal
        applicationId={id}
        signatory={dialog?.kind === 'delete' ? dialog.signatory : null}
        onClose={close}
      />
      <ShortcutModal
        application={application}
        shortcut={dialog?.kind === 'shortcut' ? dialog.shortcut : null}
        onClose={close}
      />
      <RegisterPersonsModal
        register={register.data}
        opened={dialog?.kind === 'register'}
        onClose={close}
        onChoose={(person) =>
          setDialog({ kind: 'form', mode: { kind: 'add', prefill: representativeFromRegister(person) } })
        }
      />
    </Stack>
  );
}

/** While the list loads. */
export function RepresentativesSkeleton() {
  return <CardGridSkeleton cardHeight={220} />;
}

/**
 * The applicant's copy of the signing records (issue 14): who signed which document, when, from
 * where, through which provider, with the fingerprints before and after; the API sends it as a
 * JSON file. A plain link: the browser downloads it with the session cookie.
 */
function SigningRecordsLink({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation(['representatives']);
  return (
    <Text size="sm">
      {t('representatives:signing_records.text')}{' '}
      <Anchor href={buildUrl(`/user/applications/${applicationId}/signing_records`, { download: 1 })} download>
        {t('representatives:signing_records.download')}
      </Anchor>
    </Text>
  );
}
