import type { DraftResponse } from '@finportal/contracts/partner-console';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusField } from '../../../../lib/focus-field';
import { i18n } from '../../../../lib/i18n';
import { isApiError, itemMessages } from '../../../../lib/http';
import { useEndConsolePreview } from '../../api/console-end-preview';
import { useConsolePreview, useStartConsolePreview } from '../../api/console-preview';
import { useSaveConsoleDraft } from '../../api/console-save-draft';
import {
  configChanges,
  CURRENCIES,
  ENTITLEMENTS,
  FEATURES,
  fieldOfPath,
  LANGUAGES,
  type DraftField,
} from './draft-form';
import { ConsoleCard } from './console-card';
import { draftIssueMessage } from './draft-messages';
import { LogoField } from './logo-field';
import { PublishDialog } from './publish-dialog';
import { ThemeFields } from './theme-fields';
import { useDraftForm, type DraftFormState } from './use-draft-form';

const LINKS = ['terms', 'privacy_policy', 'imprint', 'terms_of_use'] as const;

/** The DOM id of a field (dots are no good in ids used as selectors). */
export const fieldDomId = (formId: string, field: DraftField) => `${formId}-${field.replace(/\./g, '-')}`;

/**
 * The draft of the portal's settings (issue 13): every console field, checked as the API checks
 * it (the partner file's rules and the theme's readability) before anything is sent. "Save draft"
 * keeps it; "Preview" saves what changed and opens this browser's portal with the draft in a new
 * tab; "Publish" asks first and shows what goes live. A refusal keeps everything typed; the
 * server's field errors show on their fields.
 */
export function DraftPanel({
  state,
  canWrite,
  partnerKey,
}: {
  state: DraftResponse;
  canWrite: boolean;
  partnerKey: string;
}) {
  const { t } = useTranslation(['console']);
  const formId = useId();
  const form = useDraftForm(state.draft, draftIssueMessage);
  const save = useSaveConsoleDraft(partnerKey);
  const preview = useStartConsolePreview(partnerKey);
  const [refused, setRefused] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const changes = configChanges(state.published, form.wire);

  /** Puts the API's refusal on the fields it names; the rest shows above the buttons. Answers the first field. */
  const report = (error: unknown): DraftField | null => {
    if (!isApiError(error)) {
      setRefused(i18n.t('common:request-failed'));
      return null;
    }
    if (error.status === 401) return null;
    const rest = [];
    let first: DraftField | null = null;
    for (const item of error.errors) {
      const field = fieldOfPath(item.field);
      if (!field) {
        rest.push(item);
        continue;
      }
      form.setServerError(field, draftIssueMessage({ field, code: item.code, values: item.values ?? {} }));
      first ??= field;
    }
    if (rest.length > 0) setRefused(itemMessages(rest).join(' '));
    else if (error.errors.length === 0) setRefused(i18n.t('common:request-failed'));
    return first;
  };

  /** Checks and saves the draft; false when refused (the form shows why). `quiet`: no toast (before a preview or a publish). */
  const saveDraft = async (quiet: boolean): Promise<boolean> => {
    setRefused(null);
    const first = form.attemptSubmit();
    if (first) {
      focusField(fieldDomId(formId, first));
      return false;
    }
    try {
      await save.mutateAsync({ draft: form.wire, quiet });
      return true;
    } catch (error) {
      const field = report(error);
      if (field) focusField(fieldDomId(formId, field));
      return false;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveDraft(false);
  };

  const openPublish = () => {
    setRefused(null);
    const first = form.attemptSubmit();
    if (first) return focusField(fieldDomId(formId, first));
    setPublishing(true);
  };

  const fieldProps = (field: DraftField) => ({
    id: fieldDomId(formId, field),
    error: form.errorOf(field),
    onBlur: () => form.touch(field),
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="fp-visually-hidden">
        {t('console:tabs.branding')}
      </h2>
      <fieldset disabled={!canWrite} className="fp-console-fieldset">
        <Stack gap="md">
          <ConsoleCard level={3} title={t('console:names.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...fieldProps('display_name')}
                label={t('console:names.display_name')}
                description={t('console:names.display_name_hint')}
                required
                value={form.values.display_name}
                onChange={(e) => form.setValue('display_name', e.currentTarget.value)}
              />
              <TextInput
                {...fieldProps('legal_name')}
                label={t('console:names.legal_name')}
                description={t('console:names.legal_name_hint')}
                required
                value={form.values.legal_name}
                onChange={(e) => form.setValue('legal_name', e.currentTarget.value)}
              />
            </SimpleGrid>
          </ConsoleCard>

          <ConsoleCard level={3} title={t('console:logo.title')}>
            <LogoField state={state} canWrite={canWrite} partnerKey={partnerKey} />
          </ConsoleCard>

          <ConsoleCard level={3} title={t('console:theme.title')}>
            <ThemeFields form={form} fieldProps={fieldProps} fallback={state.draft.fe_theme} />
          </ConsoleCard>

          <ConsoleCard level={3} title={t('console:support.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                {...fieldProps('customer_support_email')}
                type="email"
                autoComplete="off"
                label={t('console:support.email')}
                required
                value={form.values.customer_support_email}
                onChange={(e) => form.setValue('customer_support_email', e.currentTarget.value)}
              />
              <TextInput
                {...fieldProps('customer_support_phone')}
                type="tel"
                autoComplete="off"
                label={t('console:support.phone')}
                description={t('console:support.phone_hint')}
                required
                value={form.values.customer_support_phone}
                onChange={(e) => form.setValue('customer_support_phone', e.currentTarget.value)}
              />
            </SimpleGrid>
          </ConsoleCard>

          <ConsoleCard level={3} title={t('console:links.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {LINKS.map((name) => {
                const field = `url_list.${name}` as const;
                const optional = name === 'imprint' || name === 'terms_of_use';
                return (
                  <TextInput
                    key={name}
                    {...fieldProps(field)}
                    type="url"
                    label={t(`console:links.${name}`)}
                    description={optional ? t('console:links.optional') : undefined}
                    required={!optional}
                    placeholder="https://"
                    value={form.values[field]}
                    onChange={(e) => form.setValue(field, e.currentTarget.value)}
                  />
                );
              })}
            </SimpleGrid>
            <Switch
              mt="md"
              label={t('console:links.partner_terms')}
              description={t('console:links.partner_terms_hint')}
              checked={form.values.is_partner_terms_required}
              onChange={(e) => form.setValue('is_partner_terms_required', e.currentTarget.checked)}
            />
          </ConsoleCard>

          <ConsoleCard level={3} title={t('console:languages.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <ListFields form={form} formId={formId} kind="languages" />
              <ListFields form={form} formId={formId} kind="currencies" />
            </SimpleGrid>
          </ConsoleCard>

          <ConsoleCard level={3} title={t('console:features.title')}>
            <Stack gap="sm">
              {FEATURES.map((name) => (
                <Switch
                  key={name}
                  label={t(`console:features.${name}`)}
                  description={t(`console:features.${name}_hint`)}
                  checked={form.values.features[name]}
                  onChange={(e) =>
                    form.setValue('features', { ...form.values.features, [name]: e.currentTarget.checked })
                  }
                />
              ))}
            </Stack>
          </ConsoleCard>

          <ConsoleCard level={3} title={t('console:entitlements.title')}>
            <Checkbox.Group
              id={fieldDomId(formId, 'entitlements')}
              label={t('console:entitlements.label')}
              description={
                state.can_edit_entitlements ? t('console:entitlements.hint') : t('console:entitlements.operator_only')
              }
              value={form.values.entitlements}
              onChange={(value) => form.setValue('entitlements', value as typeof form.values.entitlements)}
              error={form.errorOf('entitlements')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {ENTITLEMENTS.map((name) => (
                  <Checkbox
                    key={name}
                    value={name}
                    label={t(`console:entitlements.${name}`)}
                    disabled={!state.can_edit_entitlements}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </ConsoleCard>
        </Stack>
      </fieldset>

      {refused && (
        <Alert color="red" role="alert" mt="md" title={t('console:draft.refused')}>
          {refused}
        </Alert>
      )}
      <DraftActions
        form={form}
        canWrite={canWrite}
        partnerKey={partnerKey}
        saving={save.isPending}
        previewing={preview.pending}
        nothingToPublish={changes.length === 0}
        onPreview={() => void preview.start(form.dirty && canWrite ? () => saveDraft(true) : undefined)}
        onPublish={openPublish}
      />
      <PublishDialog
        opened={publishing}
        onClose={() => setPublishing(false)}
        changes={changes}
        partnerKey={partnerKey}
        prepare={() => (form.dirty ? saveDraft(true) : Promise.resolve(true))}
      />
    </form>
  );
}

/** Languages or currencies: which the portal offers (at least one) and its default (one of them). */
function ListFields({
  form,
  formId,
  kind,
}: {
  form: DraftFormState;
  formId: string;
  kind: 'languages' | 'currencies';
}) {
  const { t } = useTranslation(['console', 'common']);
  const all: readonly string[] = kind === 'languages' ? LANGUAGES : CURRENCIES;
  const supported = form.values[`${kind}.supported`] as string[];
  const defaultField = `${kind}.default` as const;
  const label = (code: string) => (kind === 'languages' ? t(`common:language_names.${code}`) : currencyLabel(code));
  return (
    <Stack gap="sm">
      <Checkbox.Group
        id={fieldDomId(formId, `${kind}.supported`)}
        label={t(`console:${kind}.supported`)}
        required
        withAsterisk={false}
        value={supported}
        onChange={(value) => {
          form.setValue(`${kind}.supported`, value as never);
          form.touch(`${kind}.supported`);
        }}
        error={form.errorOf(`${kind}.supported`)}
      >
        <Group gap="md" mt="xs">
          {all.map((code) => (
            <Checkbox key={code} value={code} label={label(code)} />
          ))}
        </Group>
      </Checkbox.Group>
      <NativeSelect
        id={fieldDomId(formId, defaultField)}
        label={t(`console:${kind}.default`)}
        required
        value={form.values[defaultField]}
        onChange={(e) => form.setValue(defaultField, e.currentTarget.value)}
        onBlur={() => form.touch(defaultField)}
        error={form.errorOf(defaultField)}
        data={[
          ...(supported.includes(form.values[defaultField])
            ? []
            : [
                {
                  value: form.values[defaultField],
                  label: form.values[defaultField] ? label(form.values[defaultField]) : '–',
                },
              ]),
          ...all.filter((code) => supported.includes(code)).map((code) => ({ value: code, label: label(code) })),
        ]}
      />
    </Stack>
  );
}

/** "EUR – Euro" in the interface language. */
function currencyLabel(code: string): string {
  try {
    const name = new Intl.DisplayNames([i18n.resolvedLanguage ?? 'de'], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} – ${name}` : code;
  } catch {
    return code;
  }
}

function DraftActions({
  form,
  canWrite,
  partnerKey,
  saving,
  previewing,
  nothingToPublish,
  onPreview,
  onPublish,
}: {
  form: DraftFormState;
  canWrite: boolean;
  partnerKey: string;
  saving: boolean;
  previewing: boolean;
  nothingToPublish: boolean;
  onPreview: () => void;
  onPublish: () => void;
}) {
  const { t } = useTranslation(['console']);
  const nothingId = useId();
  const previewUrl = useConsolePreview(partnerKey);
  const endPreview = useEndConsolePreview(partnerKey);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mt="md" className="fp-console-actions">
      {canWrite && (
        <Text size="sm" mb="sm" role="status" data-testid="console-dirty">
          {form.dirty ? t('console:draft.unsaved') : t('console:draft.all_saved')}
        </Text>
      )}
      <Group gap="sm">
        {canWrite && (
          <Button type="submit" loading={saving} disabled={previewing}>
            {t('console:draft.save')}
          </Button>
        )}
        <Button type="button" variant="default" onClick={onPreview} loading={previewing} disabled={saving}>
          {t('console:preview.start')}
        </Button>
        {canWrite && (
          <Button
            type="button"
            variant="default"
            onClick={onPublish}
            disabled={nothingToPublish || saving || previewing}
            aria-describedby={nothingToPublish ? nothingId : undefined}
          >
            {t('console:publish.open')}
          </Button>
        )}
        {canWrite && form.dirty && (
          <Button type="button" variant="subtle" onClick={form.discard} disabled={saving}>
            {t('console:draft.discard')}
          </Button>
        )}
      </Group>
      {canWrite && nothingToPublish && (
        <Text size="sm" c="dimmed" mt="xs" id={nothingId}>
          {t('console:publish.nothing')}
        </Text>
      )}
      {previewUrl && (
        <Alert color="yellow" mt="md" title={t('console:preview.on_title')} data-testid="preview-on">
          <Text size="sm">{t('console:preview.on_text')}</Text>
          <Group gap="sm" mt="xs">
            <Anchor href={previewUrl} target="_blank" rel="noopener" size="sm">
              {t('console:preview.open')}
            </Anchor>
            <Button
              type="button"
              size="compact-sm"
              variant="default"
              loading={endPreview.isPending}
              onClick={() => endPreview.mutate()}
            >
              {t('console:preview.end')}
            </Button>
          </Group>
        </Alert>
      )}
    </Paper>
  );
}
