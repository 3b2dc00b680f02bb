import { LOGO_MAX_BYTES, type DraftResponse } from '@finportal/contracts/partner-console';
import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../lib/config';
import { isApiError } from '../../../../lib/http';
import { i18n, translateErrorCode } from '../../../../lib/i18n';
import { useUploadConsoleLogo } from '../../api/console-upload-logo';

const MAX_KB = Math.round(LOGO_MAX_BYTES / 1024);

/** Why an upload was refused, in words (the pixel limits and the file type have the console's own wording). */
function refusal(error: unknown): string {
  if (!isApiError(error) || error.errors.length === 0) return i18n.t('common:request-failed');
  if (error.status === 413) return i18n.t('console:logo.too_big', { max: MAX_KB });
  const item = error.errors[0]!;
  if (item.code === 'err_invalid_value') return i18n.t('console:logo.pixels', { min: 16, max: 2000, ...item.values });
  if (item.code === 'err_file_content_mismatch') return i18n.t('console:logo.png_only');
  return translateErrorCode(item.code, item.values);
}

/**
 * The logo: the one the portal shows now, the draft's new one (this session's upload shown as
 * chosen; else its name: the preview shows it), and the upload of a PNG (the API takes no SVG: it
 * could carry script). Checked for type and size before it is sent.
 */
export function LogoField({
  state,
  canWrite,
  partnerKey,
}: {
  state: DraftResponse;
  canWrite: boolean;
  partnerKey: string;
}) {
  const { t } = useTranslation(['console']);
  const { partner } = useConfig();
  const upload = useUploadConsoleLogo(partnerKey);
  const [chosen, setChosen] = useState<{ logo: string; url: string } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const changed = (state.draft.logo ?? null) !== (state.published.logo ?? null);

  const pick = (file: File | null) => {
    if (!file) return;
    setRefused(null);
    if (file.type !== 'image/png') return setRefused(t('console:logo.png_only'));
    if (file.size > LOGO_MAX_BYTES) return setRefused(t('console:logo.too_big', { max: MAX_KB }));
    upload.mutate(file, {
      onSuccess: (updated) => {
        const logo = updated.draft.logo;
        if (!logo) return;
        // Shown as chosen: the API serves the draft's logo to the preview only.
        const reader = new FileReader();
        reader.onload = () => typeof reader.result === 'string' && setChosen({ logo, url: reader.result });
        reader.readAsDataURL(file);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 401) return;
        setRefused(refusal(error));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="xl" align="flex-start">
        <div>
          <Text size="sm" fw={700} mb={4}>
            {t('console:logo.live')}
          </Text>
          <div className="fp-console-logo">
            <img src={partner.logo_url} alt={t('console:logo.live_alt', { name: partner.parameters.display_name })} />
          </div>
        </div>
        {changed && (
          <div data-testid="draft-logo">
            <Text size="sm" fw={700} mb={4}>
              {t('console:logo.draft')}
            </Text>
            {chosen && chosen.logo === state.draft.logo ? (
              <div className="fp-console-logo">
                <img src={chosen.url} alt={t('console:logo.draft_alt')} />
              </div>
            ) : (
              <Text size="sm">
                <code className="fp-console-value">{state.draft.logo}</code> {t('console:logo.in_preview')}
              </Text>
            )}
          </div>
        )}
      </Group>
      {canWrite && (
        <div>
          <FileButton accept="image/png" onChange={pick}>
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending}>
                {t('console:logo.upload')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed" mt={4}>
            {t('console:logo.hint', { max: MAX_KB })}
          </Text>
        </div>
      )}
      {refused && (
        <Alert color="red" role="alert" title={t('console:logo.refused')}>
          {refused}
        </Alert>
      )}
    </Stack>
  );
}
