import { datePattern } from '@finportal/contracts/form-dates';
import type { DataRequest } from '@finportal/contracts/data-requests';
import { extensionList, UPLOAD_EXTENSIONS, type UploadIssue } from '@finportal/contracts/document-rules';
import { parseDate } from '@finportal/contracts/dynamic-forms';
import type { Document, DocumentTypeSettings } from '@finportal/contracts/documents';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Popover,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { HelpIcon } from '../../../components/icons';
import { formatDateUtc } from '../../../lib/format';
import { translateErrorCode } from '../../../lib/i18n';
import { localized } from '../../../lib/i18n-text';
import type { UploadProgress } from '../api/upload-documents';
import { acceptOf, awaitedFile, fileIssues, formatSize, typeAnchor } from '../model/documents';
import { DocumentFileRow, type FileActions } from './document-file-row';

const DATE_FORMAT = 'DD.MM.YYYY';

/** A refused file and why. */
interface Refusal {
  fileName: string;
  messages: string[];
}

const message = (issue: { code: string; values?: UploadIssue['values'] }, t: (key: string) => string) =>
  issue.code.startsWith('err_') ? translateErrorCode(issue.code, issue.values) : t(`documents:errors.${issue.code}`);

/**
 * One document type (spec 2 sections 2 and 3): name, description, the tooltip's detail, template,
 * required and as-of-date marks, the file types and size limit shown before a file is picked; the
 * as-of date first where the type asks for it; a dropzone for several files (keyboard: the
 * "Choose files" button); each file's progress, then the uploaded files with their check. What the
 * back office awaits (issue 13): "New file needed" while a rejected file has no replacement,
 * "Requested" while it asks for the type, and the message of each request whose rejected file is
 * not listed here already (that file says why it was rejected).
 */
export function DocumentTypeCard({
  settings,
  documents,
  requests,
  loadingFiles = false,
  uploads,
  canUpload,
  canDelete,
  onUpload,
  onDismiss,
  actions,
}: {
  settings: DocumentTypeSettings;
  documents: readonly Document[];
  /** The back office's open requests for this type (issue 13). */
  requests: readonly DataRequest[];
  /** The application's file list is still loading: a placeholder where the files will be. */
  loadingFiles?: boolean;
  uploads: readonly UploadProgress[];
  canUpload: boolean;
  canDelete: boolean;
  onUpload: (files: File[], asOfDate: string | null) => void;
  onDismiss: (key: string) => void;
  actions: FileActions;
}) {
  const { t, i18n } = useTranslation(['documents']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const headingId = useId();
  const dateId = useId();
  const openRef = useRef<() => void>(null);
  const [date, setDate] = useState('');
  const [refused, setRefused] = useState<Refusal[]>([]);
  const name = localized(settings.name, language);
  const isoDate = date.trim() ? parseDate(date.trim(), DATE_FORMAT) : null;
  const needsDate = settings.is_as_of_date_required && !isoDate;
  const awaited = awaitedFile(documents, requests);
  // A rejection's request says what its file says already; its own words only when that file is not listed.
  const asked = requests.filter(
    (r) =>
      r.rejected_document_id === null ||
      (!loadingFiles && !documents.some((d) => d.document_id === r.rejected_document_id)),
  );
  const rules = [
    extensionList(settings.allowed_extensions),
    t('documents:type.max_size', { size: formatSize(settings.max_size_bytes, language) }),
    settings.max_age_days !== null ? t('documents:type.max_age', { count: settings.max_age_days }) : null,
  ].filter(Boolean);

  const take = async (files: File[]) => {
    const checked = await Promise.all(
      files.map(async (file) => ({ file, issues: await fileIssues(file, settings, isoDate) })),
    );
    setRefused(
      checked
        .filter((c) => c.issues.length > 0)
        .map((c) => ({ fileName: c.file.name, messages: c.issues.map((i) => message(i, t)) })),
    );
    const accepted = checked.filter((c) => c.issues.length === 0).map((c) => c.file);
    if (accepted.length) onUpload(accepted, isoDate);
  };

  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={headingId}
      id={typeAnchor(settings.document_type)}
      className="fp-docs-type"
    >
      <Stack gap="sm">
        <div>
          <Group gap="xs" align="center" wrap="nowrap">
            <Title order={3} size="h5" id={headingId}>
              {name}
            </Title>
            <Popover width={320} position="bottom-start" withArrow shadow="md">
              <Popover.Target>
                <ActionIcon variant="subtle" size="sm" aria-label={t('documents:type.more_label', { name })}>
                  <HelpIcon width={16} height={16} aria-hidden="true" />
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown>
                <Text size="sm">{localized(settings.tooltip_description, language)}</Text>
              </Popover.Dropdown>
            </Popover>
          </Group>
          <Group gap={6} mt={6} wrap="wrap">
            {/* "Optional" beside "Requested" contradicted itself (issue 26): a requested type is not optional now. */}
            {(settings.is_required || !awaited) && (
              <Badge variant="light" color={settings.is_required ? 'blue' : 'gray'} radius="sm" tt="none">
                {settings.is_required ? t('documents:type.required') : t('documents:type.optional')}
              </Badge>
            )}
            {settings.is_as_of_date_required && (
              <Badge variant="light" color="grape" radius="sm" tt="none">
                {t('documents:type.as_of_required')}
              </Badge>
            )}
            {awaited && (
              <Badge variant="light" color={awaited === 'replacement' ? 'red' : 'orange'} radius="sm" tt="none">
                {awaited === 'replacement' ? t('documents:type.new_file_needed') : t('documents:type.requested')}
              </Badge>
            )}
          </Group>
          <Text size="sm" mt={6}>
            {localized(settings.description, language)}
          </Text>
        </div>
        <Text size="xs" c="dimmed">
          {t('documents:type.rules', { rules: rules.join(' · ') })}
        </Text>
        {settings.template_url && (
          <Anchor href={settings.template_url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('documents:type.template', { name })}
          </Anchor>
        )}
        {asked.map((request) => (
          <Alert
            key={request.id}
            color="orange"
            variant="light"
            role="note"
            title={t('documents:type.requested_title', { date: formatDateUtc(request.created_at) })}
          >
            <Text size="sm" className="fp-docs-message">
              {request.message}
            </Text>
          </Alert>
        ))}

        {canUpload && (
          <>
            {settings.is_as_of_date_required && (
              <DateField
                id={dateId}
                label={t('documents:type.as_of_label')}
                description={t('documents:type.as_of_hint', { pattern: datePattern(DATE_FORMAT, language) })}
                format={DATE_FORMAT}
                value={date}
                onChange={setDate}
                maw={240}
                error={date.trim() && !isoDate ? translateErrorCode('err_date_invalid') : undefined}
              />
            )}
            <Dropzone
              openRef={openRef}
              // Every file is judged by the portal's rules (the dropzone's own type filter would drop some silently).
              onDrop={() => undefined}
              onDropAny={(accepted, rejected) => void take([...accepted, ...rejected.map((r) => r.file)])}
              disabled={needsDate}
              multiple
              accept={acceptOf(settings.allowed_extensions, UPLOAD_EXTENSIONS)}
              activateOnClick={false}
              // Mantine turns pointer events off inside the dropzone: without this the button never gets a click or a tap.
              enablePointerEvents
              className="fp-docs-drop"
              aria-label={t('documents:type.drop_label', { name })}
            >
              <Stack gap={6} align="center" py="sm">
                <Text size="sm" ta="center">
                  {needsDate ? t('documents:type.date_first') : t('documents:type.drop_here')}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={needsDate}
                  onClick={() => openRef.current?.()}
                  aria-label={t('documents:type.choose_label', { name })}
                >
                  {t('documents:type.choose')}
                </Button>
              </Stack>
            </Dropzone>
          </>
        )}

        {refused.length > 0 && (
          <ul className="fp-docs-refused" aria-live="polite">
            {refused.map((r) => (
              <li key={r.fileName}>
                <Text size="sm" c="red.8">
                  {t('documents:refused', { name: r.fileName, reason: r.messages.join(' ') })}
                </Text>
              </li>
            ))}
          </ul>
        )}

        {loadingFiles && <Skeleton height={40} radius="sm" aria-hidden />}
        {(uploads.length > 0 || documents.length > 0) && (
          <ul className="fp-docs-files" aria-label={t('documents:type.files_label', { name })}>
            {uploads.map((u) => (
              <li key={u.key} className="fp-docs-file">
                <div className="fp-docs-file-main">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {u.fileName}
                  </Text>
                  {u.state === 'uploading' ? (
                    <Progress
                      value={Math.round(u.progress * 100)}
                      aria-label={t('documents:upload.progress_label', { name: u.fileName })}
                      size="sm"
                      mt={4}
                    />
                  ) : (
                    <Text size="sm" c="red.8" role="alert">
                      {u.errors.map((e) => message(e, t)).join(' ')}
                    </Text>
                  )}
                </div>
                {u.state === 'failed' && (
                  <Button size="compact-sm" variant="subtle" onClick={() => onDismiss(u.key)}>
                    {t('documents:upload.dismiss')}
                  </Button>
                )}
              </li>
            ))}
            {documents
              .filter((doc) => !uploads.some((u) => u.documentId === doc.document_id))
              .map((doc) => (
                <DocumentFileRow
                  key={doc.document_id}
                  doc={doc}
                  canDelete={canDelete}
                  actions={actions}
                  replaced={awaited !== 'replacement'}
                />
              ))}
          </ul>
        )}
      </Stack>
    </Card>
  );
}
