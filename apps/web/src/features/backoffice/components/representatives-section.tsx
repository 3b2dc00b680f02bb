import {
  correctSignatoryEmailRequest,
  manualIdentificationRequest,
  type CaseDetail,
  type StaffProfile,
} from '@finportal/contracts/backoffice';
import { KYC_STEPS, type Signatory } from '@finportal/contracts/representative-schemas';
import { Alert, Badge, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField, TextField } from '../../../components/text-field';
import { focusField } from '../../../lib/focus-field';
import { countryName, formatIsoDate, formatNumber } from '../../../lib/format';
import { currentLanguage, translateErrorCode } from '../../../lib/i18n';
import { zodErrors } from '../../../lib/zod-form';
import { useIdentifyCaseSignatory } from '../api/identify-signatory';
import { useCorrectCaseSignatoryEmail } from '../api/correct-signatory-email';
import { useInviteCaseSignatory } from '../api/invite-signatory';
import { formatDateTime, personName } from '../model/display';
import { focusAfterRender, focusIds } from '../model/focus-after';
import { refusalText, sortOutRefusal } from '../model/refusals';
import { Facts, SectionCard } from './facts';

const NOTE_MAX = 500;

/** The person's identification is done (by the provider or marked by hand). */
const identified = (person: Signatory) => person.kyc_status.ident_completed?.is_completed === true;

/**
 * The representatives as the borrower entered them: name, roles, contact, invitation, the
 * identification (KYC) steps and the signature where there is one. Staff with the signatures
 * permission invite a person to sign and mark an identification done by hand (with a note), while
 * the case is in review or waiting for signatures; each after a confirmation.
 */
export function RepresentativesSection({ detail }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const people = detail.representatives.signatories;
  // What this person may do now is the server's (the case's capabilities; issue 24).
  const { can_invite, can_identify, can_correct_contact } = detail.capabilities;
  const [inviting, setInviting] = useState<Signatory | null>(null);
  const [identifying, setIdentifying] = useState<Signatory | null>(null);
  const [correcting, setCorrecting] = useState<Signatory | null>(null);
  return (
    <SectionCard title={t('representatives:title')}>
      {detail.representatives.guarantees_required && (
        <Text size="sm" mb="sm">
          {t('backoffice:people.guarantees_required')}
        </Text>
      )}
      {!can_invite && !can_identify && people.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="people-closed">
          {t('backoffice:people.closed')}
        </Text>
      )}
      {detail.followers_pending && (
        <Text size="sm" mb="sm" role="status" data-testid="followers-pending">
          {t('backoffice:people.followers_pending')}
        </Text>
      )}
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('backoffice:people.none')}
        </Text>
      ) : (
        <Stack gap="md">
          {people.map((person) => (
            <Person
              key={person.signatory_id}
              person={person}
              actions={{
                // While the move's invitations are still going out, nobody is offered a second one.
                ...(can_invite && !detail.followers_pending ? { invite: () => setInviting(person) } : {}),
                ...(can_identify ? { identify: () => setIdentifying(person) } : {}),
                ...(can_correct_contact ? { correct: () => setCorrecting(person) } : {}),
              }}
            />
          ))}
        </Stack>
      )}
      {inviting && <InviteDialog detail={detail} person={inviting} onClose={() => setInviting(null)} />}
      {identifying && <IdentifyDialog detail={detail} person={identifying} onClose={() => setIdentifying(null)} />}
      {correcting && <CorrectEmailDialog detail={detail} person={correcting} onClose={() => setCorrecting(null)} />}
    </SectionCard>
  );
}

interface PersonActionHandlers {
  invite?: () => void;
  identify?: () => void;
  correct?: () => void;
}

function Person({ person, actions }: { person: Signatory; actions: PersonActionHandlers }) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const language = currentLanguage();
  const share =
    person.percentage_owned === null ? null : formatNumber(person.percentage_owned, language, { style: 'percent' });
  const roles = [
    person.is_main_contact && t('representatives:roles.main_contact'),
    person.is_legal_signatory && t('representatives:roles.legal_signatory'),
    person.is_sole_signatory && t('representatives:roles.sole_signatory'),
    person.is_contract_signatory && t('representatives:roles.contract_signatory'),
    person.is_guarantor && t('representatives:roles.guarantor'),
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
      <h3 className="fp-bo-card-subtitle fp-bo-focus-target" id={focusIds.person(person.signatory_id)} tabIndex={-1}>
        {personName(person, t)}
      </h3>
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
          {
            label: t('representatives:card.invitation'),
            value: [
              t(`representatives:invite.${person.invite_status}`),
              person.invitation &&
                t('backoffice:people.invitation_sent', {
                  first: formatDateTime(person.invitation.first_sent_at, language),
                  last: formatDateTime(person.invitation.last_sent_at, language),
                }),
              person.invitation &&
                person.invite_status !== 'accepted' &&
                t('backoffice:people.invitation_valid_until', {
                  date: formatDateTime(person.invitation.expires_at, language),
                }),
            ]
              .filter(Boolean)
              .join(' · '),
          },
          {
            label: t('backoffice:people.identification'),
            value: identified(person)
              ? t('backoffice:people.identification_done')
              : t('backoffice:people.identification_open'),
          },
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
      <PersonActions person={person} {...actions} />
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

/**
 * Send the invitation again (at Signature everyone was invited once: "resend", never a second
 * "invite"), correct the e-mail of someone who has not accepted, mark the identification done;
 * what cannot be done says why.
 */
function PersonActions({ person, invite, identify, correct }: { person: Signatory } & PersonActionHandlers) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const name = personName(person, t);
  const accepted = person.invite_status === 'accepted';
  const canInvite = !!invite && !accepted && person.is_contract_signatory === true;
  const canCorrect = !!correct && !accepted;
  const canIdentify = !!identify && !identified(person);
  const resend = person.invitation !== null;
  if (!canInvite && !canCorrect && !canIdentify) return null;
  return (
    <div className="fp-bo-person-actions">
      <Group gap="xs" mt="sm">
        {canInvite && (
          <Button
            size="compact-sm"
            variant="light"
            disabled={!person.email}
            aria-label={t(resend ? 'backoffice:people.resend_label' : 'backoffice:people.invite_label', { name })}
            onClick={invite}
          >
            {resend ? t('backoffice:people.resend') : t('backoffice:people.invite')}
          </Button>
        )}
        {canCorrect && (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('backoffice:people.correct_email_label', { name })}
            onClick={correct}
          >
            {t('backoffice:people.correct_email')}
          </Button>
        )}
        {canIdentify && (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={t('backoffice:people.identify_label', { name })}
            onClick={identify}
          >
            {t('backoffice:people.identify')}
          </Button>
        )}
      </Group>
      {canInvite && !person.email && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('backoffice:people.email_missing')}
        </Text>
      )}
    </div>
  );
}

/** Correcting a representative's e-mail: their open links stop working; the dialog keeps what was typed on a refusal. */
function CorrectEmailDialog({
  detail,
  person,
  onClose,
}: {
  detail: CaseDetail;
  person: Signatory;
  onClose: () => void;
}) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const id = useId();
  const name = personName(person, t);
  const correct = useCorrectCaseSignatoryEmail(detail.id);
  const [email, setEmail] = useState(person.email ?? '');
  const [error, setError] = useState<string | undefined>();
  const [refused, setRefused] = useState<string | null>(null);
  const check = (value: string) =>
    value.trim()
      ? (zodErrors(correctSignatoryEmailRequest, { email: value }).email as string | undefined)
      : translateErrorCode('err_required');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const found = check(email);
    setError(found);
    if (found) return focusField(`${id}-email`);
    correct.mutate(
      { signatoryId: person.signatory_id, name, email: email.trim() },
      {
        onSuccess: () => {
          onClose();
          focusAfterRender(focusIds.person(person.signatory_id));
        },
        onError: (failure) => {
          const refusal = sortOutRefusal(failure, ['email'], {
            err_update_not_allowed: t('backoffice:people.correct_email_closed'),
          });
          setError(refusal.fields.email);
          setRefused(refusal.rest);
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={() => !correct.isPending && onClose()}
      title={t('backoffice:people.correct_email_title', { name })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('backoffice:people.correct_email_text')}</Text>
          <TextField
            id={`${id}-email`}
            type="email"
            label={t('representatives:fields.email')}
            required
            maxLength={250}
            value={email}
            error={error}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setEmail(value);
              if (error) setError(check(value));
            }}
          />
          {refused && (
            <Alert color="red" role="alert" title={t('backoffice:people.correct_email_failed')}>
              {refused}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={correct.isPending}>
              {t('backoffice:move.cancel')}
            </Button>
            <Button type="submit" loading={correct.isPending} data-autofocus>
              {t('backoffice:people.correct_email_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Inviting a person to sign: says where the e-mail goes; a refusal stays in the dialog. */
function InviteDialog({ detail, person, onClose }: { detail: CaseDetail; person: Signatory; onClose: () => void }) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const name = personName(person, t);
  const invite = useInviteCaseSignatory(detail.id);
  const [refused, setRefused] = useState<string | null>(null);
  const confirm = () =>
    invite.mutate(
      { signatoryId: person.signatory_id, name },
      {
        onSuccess: onClose,
        onError: (error) =>
          setRefused(
            refusalText(error, {
              err_signatory_data_missing: t('backoffice:people.email_missing'),
              err_update_not_allowed: t('backoffice:people.closed'),
            }),
          ),
      },
    );
  return (
    <Modal
      opened
      onClose={() => !invite.isPending && onClose()}
      title={t('backoffice:people.invite_title', { name })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm" className="fp-bo-wrap">
          {t(person.invitation ? 'backoffice:people.invite_text_again' : 'backoffice:people.invite_text', {
            email: person.email ?? '',
          })}
        </Text>
        {refused && (
          <Alert color="red" role="alert" title={t('backoffice:people.invite_failed')}>
            {refused}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={invite.isPending}>
            {t('backoffice:move.cancel')}
          </Button>
          <Button loading={invite.isPending} onClick={confirm} data-autofocus>
            {t('backoffice:people.invite_confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Marking the identification done by hand: how the person was identified (5 to 500 characters, kept in the audit trail). */
function IdentifyDialog({ detail, person, onClose }: { detail: CaseDetail; person: Signatory; onClose: () => void }) {
  const { t } = useTranslation(['backoffice', 'representatives']);
  const id = useId();
  const name = personName(person, t);
  const identify = useIdentifyCaseSignatory(detail.id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refused, setRefused] = useState<string | null>(null);
  const check = (value: string) =>
    value.trim()
      ? (zodErrors(manualIdentificationRequest, { note: value }).note as string | undefined)
      : translateErrorCode('err_required');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    const found = check(note);
    setError(found);
    if (found) return focusField(`${id}-note`);
    identify.mutate(
      { signatoryId: person.signatory_id, name, note: note.trim() },
      {
        onSuccess: () => {
          onClose();
          focusAfterRender(focusIds.person(person.signatory_id));
        },
        onError: (failure) => {
          const refusal = sortOutRefusal(failure, ['note'], { err_update_not_allowed: t('backoffice:people.closed') });
          setError(refusal.fields.note);
          setRefused(refusal.rest);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => !identify.isPending && onClose()}
      title={t('backoffice:people.identify_title', { name })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('backoffice:people.identify_text')}</Text>
          <TextAreaField
            id={`${id}-note`}
            label={t('backoffice:people.identify_note')}
            description={t('backoffice:people.identify_note_hint')}
            required
            rows={4}
            maxLength={NOTE_MAX}
            value={note}
            error={error}
            data-autofocus
            onChange={(e) => {
              const value = e.currentTarget.value;
              setNote(value);
              if (error) setError(check(value));
            }}
            onBlur={() => note && setError(check(note))}
          />
          {refused && (
            <Alert color="red" role="alert" title={t('backoffice:people.identify_failed')}>
              {refused}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={identify.isPending}>
              {t('backoffice:move.cancel')}
            </Button>
            <Button type="submit" loading={identify.isPending}>
              {t('backoffice:people.identify_confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
