import type { CaseDetail, ContractKind, StaffProfile } from '@finportal/contracts/backoffice';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useGenerateCaseContract } from '../api/generate-contract';
import { useUploadCaseContract } from '../api/upload-contract';
import {
  CONTRACT_KIND_LIST,
  CONTRACT_MAX_MB,
  contractFileIssue,
  latestDocument,
  looksLikePdf,
} from '../model/contracts';
import { formatDateTime } from '../model/display';
import { refusalText } from '../model/refusals';
import { SectionCard } from './facts';

/**
 * The loan contract and the guarantee agreement: generated from the application's data with the
 * final pricing, or uploaded as a PDF made elsewhere (checked here for type and size before it is
 * sent). A new contract is hidden from the customer until it is switched visible in the document
 * list. What stands in the way is said before the click (no final pricing, a closed stage), and a
 * refusal beside the contract it concerns.
 */
export function ContractsCard({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  // The server's capability (contracts application/policies.ts); the permission only picks the text.
  const allowed = profile.permissions.includes('cases.documents');
  const open = detail.capabilities.can_work_contracts;
  return (
    <SectionCard title={t('backoffice:contracts.title')}>
      <Text size="sm">{t('backoffice:contracts.intro', { max: CONTRACT_MAX_MB })}</Text>
      {!allowed ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('backoffice:contracts.no_permission')}
        </Text>
      ) : !open ? (
        <Text size="sm" c="dimmed" mt="sm" data-testid="contracts-closed">
          {t('backoffice:contracts.closed')}
        </Text>
      ) : (
        detail.final_pricing === null && (
          <Text size="sm" mt="sm" data-testid="contracts-no-pricing">
            {t('backoffice:contracts.needs_pricing')}
          </Text>
        )
      )}
      <Stack gap="sm" mt="sm">
        {CONTRACT_KIND_LIST.map((kind) => (
          <Contract key={kind} detail={detail} kind={kind} enabled={allowed && open} />
        ))}
      </Stack>
    </SectionCard>
  );
}

function Contract({ detail, kind, enabled }: { detail: CaseDetail; kind: ContractKind; enabled: boolean }) {
  const { t } = useTranslation(['backoffice']);
  const language = currentLanguage();
  const generate = useGenerateCaseContract(detail.id);
  const upload = useUploadCaseContract(detail.id);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const name = t(`backoffice:contracts.kinds.${kind}`);
  const latest = latestDocument(detail.documents, kind);

  const refused = (error: unknown) =>
    setProblem(
      refusalText(error, {
        err_no_pricing: t('backoffice:contracts.no_pricing'),
        err_no_signatories: t(`backoffice:contracts.no_signatories_${kind}`),
        err_update_not_allowed: t('backoffice:contracts.closed'),
        err_file_content_mismatch: t('backoffice:contracts.file_not_pdf_content'),
        err_invalid_upload_type: t('backoffice:contracts.file_not_pdf'),
        err_file_empty: t('backoffice:contracts.file_empty'),
        err_too_big: t('backoffice:contracts.file_too_large', { max: CONTRACT_MAX_MB }),
      }),
    );

  const startGenerate = () => {
    setProblem(null);
    generate.mutate(kind, { onError: refused });
  };

  const chosen = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const issue = contractFileIssue(file);
    if (issue) return setProblem(t(`backoffice:contracts.file_${issue}`, { max: CONTRACT_MAX_MB, name: file.name }));
    if ((await looksLikePdf(file)) === false) return setProblem(t('backoffice:contracts.file_not_pdf_content'));
    upload.mutate({ kind, file }, { onError: refused });
  };

  return (
    <Paper withBorder radius="sm" p="sm" component="article" data-kind={kind}>
      <h3 className="fp-bo-card-subtitle">{name}</h3>
      <Text size="sm" className="fp-bo-wrap" data-testid={`contract-latest-${kind}`}>
        {latest
          ? t(latest.is_client_visible ? 'backoffice:contracts.latest_visible' : 'backoffice:contracts.latest_hidden', {
              name: latest.document_name,
              date: formatDateTime(latest.created_at, language),
            })
          : t('backoffice:contracts.none')}
      </Text>
      {enabled && (
        <Group gap="xs" mt="sm">
          <Button
            size="sm"
            variant={latest ? 'default' : 'filled'}
            loading={generate.isPending}
            disabled={detail.final_pricing === null || upload.isPending}
            onClick={startGenerate}
          >
            {t(`backoffice:contracts.generate_${kind}`)}
          </Button>
          {/* A native picker: Mantine's FileButton would become a chunk shared with the borrower's factoring tab. */}
          <input
            ref={picker}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            tabIndex={-1}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0] ?? null;
              // The same file can be chosen again after a refusal.
              e.currentTarget.value = '';
              void chosen(file);
            }}
          />
          <Button
            size="sm"
            variant="default"
            loading={upload.isPending}
            disabled={generate.isPending}
            aria-label={t('backoffice:contracts.upload_label', { name })}
            onClick={() => picker.current?.click()}
          >
            {t('backoffice:contracts.upload')}
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert" mt="sm" title={t('backoffice:contracts.failed', { name })}>
          {problem}
        </Alert>
      )}
    </Paper>
  );
}
