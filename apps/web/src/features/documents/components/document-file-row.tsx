import type { Document } from '@finportal/contracts/documents';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateUtc, formatIsoDate } from '../../../lib/format';
import { fileState, formatSize, isAvailable, isRejected, type FileState } from '../model/documents';

const STATE_COLOR: Record<FileState, string> = {
  uploading: 'blue',
  failed: 'red',
  scanning: 'blue',
  clean: 'green',
  infected: 'red',
  scan_failed: 'orange',
  not_scanned: 'gray',
};

export interface FileActions {
  onOpen: (doc: Document) => void;
  onDownload: (doc: Document) => void;
  onDelete: (doc: Document) => void;
}

/**
 * One uploaded file: name, date, size, its check (or that the back office rejected it, when and
 * why), and open / download / delete.
 */
export function DocumentFileRow({
  doc,
  canDelete,
  actions,
  replaced = false,
}: {
  doc: Document;
  canDelete: boolean;
  actions: FileActions;
  /** A rejected file whose type has a new file: its rejection shows as settled (muted). */
  replaced?: boolean;
}) {
  const { t, i18n } = useTranslation(['documents']);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const state = fileState(doc);
  const rejected = isRejected(doc);
  const details = [
    doc.as_of_date ? t('documents:file.as_of', { date: formatIsoDate(doc.as_of_date) }) : null,
    doc.size_bytes ? formatSize(doc.size_bytes, language) : null,
  ].filter(Boolean);
  return (
    <li className="fp-docs-file">
      <div className="fp-docs-file-main">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {doc.document_name}
        </Text>
        <Group gap="xs" wrap="wrap">
          {details.length > 0 && (
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          )}
          {rejected ? (
            <Badge variant="light" color={replaced ? 'gray' : 'red'} radius="sm" tt="none">
              {t('documents:file.rejected')}
            </Badge>
          ) : (
            <Badge variant="light" color={STATE_COLOR[state]} radius="sm" tt="none">
              {t(`documents:state.${state}`)}
            </Badge>
          )}
        </Group>
        {rejected ? (
          <Text size="sm" c={replaced ? 'dimmed' : 'red.9'} mt={4} className="fp-docs-rejection">
            {doc.rejection_reason
              ? t('documents:file.rejected_reason', {
                  date: formatDateUtc(doc.rejected_at),
                  reason: doc.rejection_reason,
                })
              : t('documents:file.rejected_no_reason', { date: formatDateUtc(doc.rejected_at) })}
          </Text>
        ) : (
          (state === 'infected' || state === 'scan_failed' || state === 'failed') && (
            <Text size="xs">{t(`documents:state_hint.${state}`)}</Text>
          )
        )}
      </div>
      <Group gap={4} wrap="wrap" className="fp-docs-file-actions">
        {/* An infected file is never opened (issue 26: "Open" led nowhere). */}
        {state !== 'infected' && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => actions.onOpen(doc)}
            aria-label={t('documents:file.open_label', { name: doc.document_name })}
          >
            {t('documents:file.open')}
          </Button>
        )}
        {isAvailable(doc) && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => actions.onDownload(doc)}
            aria-label={t('documents:file.download_label', { name: doc.document_name })}
          >
            {t('documents:file.download')}
          </Button>
        )}
        {canDelete && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={() => actions.onDelete(doc)}
            aria-label={t('documents:file.delete_label', { name: doc.document_name })}
          >
            {t('documents:file.delete')}
          </Button>
        )}
      </Group>
    </li>
  );
}
