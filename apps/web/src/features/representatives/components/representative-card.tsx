import type { AllowedUpdate } from '@finportal/contracts/applications';
import {
  canDeleteRepresentative,
  canEditRepresentative,
  canUseShortcut,
  editableFieldGroups,
  type ShortcutKind,
} from '@finportal/contracts/representative-permissions';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import {
  hasContactData,
  representativeIssues,
  representativeName,
  type RepresentativeContext,
} from '@finportal/contracts/representatives';
import { customFieldIssues, type SignatoryCustomField } from '@finportal/contracts/signatory-custom-fields';
import { Alert, Anchor, Badge, Button, Card, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, formatDateUtc, formatList } from '../../../lib/format';
import { localized } from '../../../lib/i18n-text';
import { displayValue } from '../../../components/dynamic-form-field/field-values';
import { useSignerStatus } from '../../signatures/api/get-signer-status';
import { useSendInvitation } from '../../signatures/api/send-invitation';
import { formatPhone, formatShare, isFictitiousOwner } from '../model/display';
import { BIRTHDATE_FORMAT, formatBirthdate } from '../model/representative-form';

export interface CardActions {
  onEdit: () => void;
  onDelete: () => void;
  onShortcut: (kind: ShortcutKind) => void;
  onMakeMainContact: () => void;
  makingMainContact: boolean;
}

/**
 * One representative (spec 2 sections 2 and 3) as a list item with an article named by the
 * person's heading: position, role badges, contact, tax id (or "missing" with the tax id modal),
 * nationality, date of birth, address, invitation, credit score when there is one, what is still
 * missing, and the actions this user may take (spec 2 section 6). From Signature on, the applicant
 * sees a signer's invitation (until when it is valid) and signature, and sends a new invitation to
 * one who has not accepted or whose invitation expired (issue 14).
 */
export function RepresentativeCard({
  signatory,
  allowed,
  context,
  customFields,
  currency,
  actions,
}: {
  signatory: Signatory;
  allowed: readonly AllowedUpdate[];
  context: RepresentativeContext;
  /** The partner's signatory custom fields for the application's loan type. */
  customFields: readonly SignatoryCustomField[];
  /** The application's currency (custom fields' amounts). */
  currency: string;
  actions: CardActions;
}) {
  const { t, i18n } = useTranslation(['representatives', 'signatures']);
  const signing = useSignerStatus(signatory);
  const invitation = useSendInvitation(signatory.application_id);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const reasonId = useId();
  const name = representativeName(signatory) || t('representatives:card.unnamed');
  const actor = signatory.is_current_actor;
  const shortcut = (kind: ShortcutKind) => canUseShortcut(kind, allowed, actor);
  const contactEditable = editableFieldGroups(allowed, actor).includes('signatory_contact');
  const canMakeMainContact = hasContactData(signatory);
  const empty = t('representatives:card.not_provided');

  const issues = representativeIssues(signatory, context);
  const customIssues = customFieldIssues(signatory.custom_fields_list, customFields);
  const customLabel = (fieldId: string) => {
    const field = customFields.find((f) => f.field.id === fieldId)?.field;
    return field ? localized(field.label, language) : fieldId;
  };
  const isMissing = (code: string) => code === 'err_required' || code === 'err_custom_field_required';
  const missing = [
    ...issues.filter((i) => isMissing(i.code)).map((i) => t(`representatives:fields.${i.field}`)),
    ...customIssues.filter((i) => isMissing(i.code)).map((i) => customLabel(i.field_id)),
  ];
  const invalid = [
    ...issues.filter((i) => !isMissing(i.code)).map((i) => t(`representatives:fields.${i.field}`)),
    ...customIssues.filter((i) => !isMissing(i.code)).map((i) => customLabel(i.field_id)),
  ];
  const customTexts = {
    yes: t('representatives:form.yes'),
    no: t('representatives:form.no'),
    years: (count: number, value: string) => t('common:form.years', { count, value }),
    months: (count: number, value: string) => t('common:form.months', { count, value }),
  };
  const customValue = (item: SignatoryCustomField) => {
    const stored = signatory.custom_fields_list.find((e) => e.field_id === item.field.id)?.field_value ?? null;
    return displayValue(item, stored, { language, currency, texts: customTexts });
  };

  const street = [signatory.street, signatory.street_number].filter(Boolean).join(' ');
  const city = [signatory.postcode, signatory.location].filter(Boolean).join(' ');
  const share = signatory.percentage_owned;

  const shortcutButton = (kind: ShortcutKind, has: boolean) =>
    shortcut(kind) && (
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={() => actions.onShortcut(kind)}
        aria-label={t(`representatives:card.${has ? 'change' : 'add'}_${kind}_label`, { name })}
      >
        {has ? t('representatives:card.change') : t('representatives:card.add')}
      </Button>
    );

  return (
    <li>
      <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={headingId} h="100%">
        <Stack gap="sm" h="100%">
          <div>
            <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {signatory.position && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {signatory.position}
              </Text>
            )}
          </div>
          <RoleBadges signatory={signatory} language={language} />
          {(missing.length > 0 || invalid.length > 0) && (
            <Alert color="yellow" variant="light" p="xs">
              {missing.length > 0 && (
                <Text size="sm">{t('representatives:card.missing', { fields: formatList(missing, language) })}</Text>
              )}
              {invalid.length > 0 && (
                <Text size="sm">{t('representatives:card.check', { fields: formatList(invalid, language) })}</Text>
              )}
            </Alert>
          )}
          <DataList orientation="vertical" gap="xs" className="fp-reps-data">
            <Item label={t('representatives:fields.email')} action={shortcutButton('email', !!signatory.email)}>
              {signatory.email || empty}
            </Item>
            <Item label={t('representatives:fields.telephone')} action={shortcutButton('phone', !!signatory.telephone)}>
              {signatory.telephone ? formatPhone(signatory.telephone) : empty}
            </Item>
            <Item
              label={t('representatives:fields.taxid')}
              action={signatory.taxid ? shortcutButton('tin', true) : null}
            >
              {signatory.taxid || (
                <Group gap="xs" component="span">
                  <Text span size="sm" fw={600}>
                    {t('representatives:card.tax_id_missing')}
                  </Text>
                  {shortcut('tin') && (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => actions.onShortcut('tin')}
                      aria-label={t('representatives:card.add_tin_label', { name })}
                    >
                      {t('representatives:card.add_tax_id')}
                    </Anchor>
                  )}
                </Group>
              )}
            </Item>
            <Item label={t('representatives:fields.nationality')}>
              {signatory.nationality ? countryName(signatory.nationality, language) : empty}
            </Item>
            <Item label={t('representatives:fields.birthdate')}>
              {formatBirthdate(signatory.birthdate, BIRTHDATE_FORMAT) || empty}
            </Item>
            <Item label={t('representatives:card.address')}>
              {street || city || signatory.country ? (
                <>
                  {street && <span className="fp-reps-line">{street}</span>}
                  {city && <span className="fp-reps-line">{city}</span>}
                  {signatory.country && (
                    <span className="fp-reps-line">{countryName(signatory.country, language)}</span>
                  )}
                </>
              ) : (
                empty
              )}
            </Item>
            {share !== null && signatory.is_beneficial_owner !== true && (
              <Item label={t('representatives:fields.percentage_owned')}>{formatShare(share, language)}</Item>
            )}
            {customFields.map((item) => (
              <Item key={item.field.id} label={localized(item.field.label, language)}>
                {customValue(item) ?? empty}
              </Item>
            ))}
            <Item label={t('representatives:card.invitation')}>
              {signing?.invitationExpiresAt
                ? t('signatures:invitation.not_accepted_until', { date: formatDateUtc(signing.invitationExpiresAt) })
                : t(`representatives:invite.${signatory.invite_status}`)}
            </Item>
            {signing && (
              <Item label={t('signatures:overview.signature')}>
                {signing.signatureStatus === 'Completed' && signing.signedAt
                  ? t('signatures:overview.signed_on', { date: formatDateUtc(signing.signedAt) })
                  : t(`signatures:signature_state.${signing.signatureStatus}`)}
              </Item>
            )}
            {signatory.credit_score && (
              <Item label={t('representatives:card.credit_score')}>
                {t('representatives:card.credit_score_value', {
                  score: signatory.credit_score.score,
                  provider: t(`representatives:providers.${signatory.credit_score.provider}`),
                })}
              </Item>
            )}
          </DataList>
          <Group gap="xs" mt="auto" pt="xs" wrap="wrap">
            {canEditRepresentative(allowed, actor) && (
              <Button
                size="xs"
                variant="outline"
                onClick={actions.onEdit}
                aria-label={t('representatives:card.edit_label', { name })}
              >
                {t('representatives:card.edit')}
              </Button>
            )}
            {contactEditable && !signatory.is_main_contact && (
              <Button
                size="xs"
                variant="light"
                loading={actions.makingMainContact}
                aria-disabled={!canMakeMainContact || undefined}
                data-disabled={!canMakeMainContact || undefined}
                aria-describedby={canMakeMainContact ? undefined : reasonId}
                aria-label={t('representatives:card.make_main_contact_label', { name })}
                onClick={() => canMakeMainContact && actions.onMakeMainContact()}
              >
                {t('representatives:card.make_main_contact')}
              </Button>
            )}
            {signing?.canResend && (
              <Button
                size="xs"
                variant="outline"
                loading={invitation.isPending}
                onClick={() => invitation.mutate({ signatoryId: signatory.signatory_id, name })}
                aria-label={t('signatures:invitation.resend_label', { name })}
              >
                {t('signatures:invitation.resend')}
              </Button>
            )}
            {canDeleteRepresentative(allowed, actor) && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={actions.onDelete}
                aria-label={t('representatives:card.delete_label', { name })}
              >
                {t('representatives:card.delete')}
              </Button>
            )}
          </Group>
          {contactEditable && !signatory.is_main_contact && !canMakeMainContact && (
            <Text id={reasonId} size="xs" c="dimmed">
              {t('representatives:card.main_contact_needs_data')}
            </Text>
          )}
        </Stack>
      </Card>
    </li>
  );
}

function RoleBadges({ signatory, language }: { signatory: Signatory; language: string }) {
  const { t } = useTranslation(['representatives']);
  const badges: { key: string; label: string; color: string; note?: string }[] = [];
  if (signatory.is_current_actor) badges.push({ key: 'you', label: t('representatives:roles.you'), color: 'gray' });
  if (signatory.is_main_contact)
    badges.push({ key: 'main', label: t('representatives:roles.main_contact'), color: 'teal' });
  if (signatory.is_legal_signatory)
    badges.push({ key: 'legal', label: t('representatives:roles.legal_signatory'), color: 'blue' });
  if (signatory.is_sole_signatory)
    badges.push({ key: 'sole', label: t('representatives:roles.sole_signatory'), color: 'blue' });
  if (signatory.is_contract_signatory)
    badges.push({ key: 'signs', label: t('representatives:roles.contract_signatory'), color: 'indigo' });
  if (signatory.is_guarantor)
    badges.push({ key: 'guarantor', label: t('representatives:roles.guarantor'), color: 'orange' });
  if (signatory.is_beneficial_owner) {
    const share = signatory.percentage_owned;
    badges.push({
      key: 'owner',
      label:
        share === null
          ? t('representatives:roles.beneficial_owner')
          : t(
              isFictitiousOwner(signatory)
                ? 'representatives:roles.beneficial_owner_fictitious'
                : 'representatives:roles.beneficial_owner_share',
              { share: formatShare(share, language) },
            ),
      color: 'grape',
      note: isFictitiousOwner(signatory) ? t('representatives:card.fictitious_note') : undefined,
    });
  }
  if (badges.length === 0) return null;
  return (
    <ul className="fp-reps-badges" aria-label={t('representatives:card.roles_label')}>
      {badges.map((badge) => (
        <li key={badge.key}>
          <Badge variant="light" color={badge.color} radius="sm" tt="none">
            {badge.label}
          </Badge>
          {badge.note && (
            <Text size="xs" c="dimmed" mt={4}>
              {badge.note}
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}

function Item({ label, action, children }: { label: string; action?: ReactNode; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
        <Group gap="xs" justify="space-between" wrap="nowrap" component="span" align="flex-start">
          <span style={{ minWidth: 0 }}>{children}</span>
          {/* The action keeps its width: a long e-mail clipped "Ändern" at 375 px (issue 26). */}
          {action && <span style={{ flexShrink: 0 }}>{action}</span>}
        </Group>
      </DataList.ItemValue>
    </DataList.Item>
  );
}
