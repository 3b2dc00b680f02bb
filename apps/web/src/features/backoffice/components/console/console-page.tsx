import type { StaffProfile } from '@finportal/contracts/backoffice';
import type { DraftResponse } from '@finportal/contracts/partner-console';
import { Alert, Anchor, Badge, Button, Container, Paper, Skeleton, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingSkeleton } from '../../../../components/loading-skeleton';
import { PageTitle } from '../../../../components/page-title';
import { useConfig } from '../../../../lib/config';
import { currentLanguage } from '../../../../lib/i18n';
import { useConsoleDraft } from '../../api/console-draft';
import { formatDateTime } from '../../model/display';
import { DraftPanel } from './draft-panel';
import { VersionsPanel } from './versions-panel';
import { WebhooksPanel } from './webhooks-panel';
import './console.css';

const TABS = ['branding', 'versions', 'webhooks'] as const;
type ConsoleTab = (typeof TABS)[number];
const TAB_PARAM = 'tab';

/**
 * The partner console (`/backoffice/console`, issue 13, ADR 019): the host's partner's portal
 * settings as a draft (edit, preview, publish), its published versions (restore) and its webhooks.
 * partner.write edits; partner.read only looks. The open tab is the query parameter `tab`.
 */
export function ConsolePage({ profile }: { profile: StaffProfile }) {
  const { t } = useTranslation(['console', 'backoffice']);
  const { partner } = useConfig();
  const key = profile.host_partner_id;
  const state = useConsoleDraft(key);
  const canWrite = profile.permissions.includes('partner.write');

  return (
    <Container size="lg" py={{ base: 'md', sm: 'lg' }}>
      <Anchor component={Link} to="/backoffice" size="sm" className="fp-console-back">
        ← {t('backoffice:not_found.to_queue')}
      </Anchor>
      <PageTitle title={t('console:title')} />
      <Text mb="md" className="fp-console-intro">
        {t('console:intro', { name: partner.parameters.display_name, host: window.location.host })}
      </Text>
      {state.isPending ? (
        <ConsoleSkeleton />
      ) : state.isError ? (
        <Alert color="red" role="alert" title={t('console:failed_title')}>
          <Text size="sm">{t('console:failed_text')}</Text>
          <Button mt="sm" variant="default" onClick={() => void state.refetch()}>
            {t('backoffice:layout.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          {!canWrite && (
            <Alert color="blue" mb="md" title={t('console:read_only_title')}>
              {t('console:read_only_text')}
            </Alert>
          )}
          <ConsoleStatus state={state.data} />
          <ConsoleTabs state={state.data} canWrite={canWrite} partnerKey={key} />
        </>
      )}
    </Container>
  );
}

function ConsoleTabs({ state, canWrite, partnerKey }: { state: DraftResponse; canWrite: boolean; partnerKey: string }) {
  const { t } = useTranslation(['console']);
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(TAB_PARAM) as ConsoleTab | null;
  const tab: ConsoleTab = asked && TABS.includes(asked) ? asked : 'branding';
  const choose = (value: string | null) => {
    if (!value || value === tab) return;
    const next = new URLSearchParams(searchParams);
    if (value === 'branding') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, value);
    setSearchParams(next, { replace: true });
  };
  // Every panel stays mounted: what was typed in the draft survives a look at the versions.
  return (
    <Tabs value={tab} onChange={choose} className="fp-console-tabs">
      <Tabs.List aria-label={t('console:tabs.label')} mb="md">
        {TABS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(`console:tabs.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="branding">
        <DraftPanel state={state} canWrite={canWrite} partnerKey={partnerKey} />
      </Tabs.Panel>
      <Tabs.Panel value="versions">
        <VersionsPanel state={state} canWrite={canWrite} partnerKey={partnerKey} />
      </Tabs.Panel>
      <Tabs.Panel value="webhooks">
        <WebhooksPanel canWrite={canWrite} partnerKey={partnerKey} />
      </Tabs.Panel>
    </Tabs>
  );
}

/** Where the settings stand: the live version, the draft's last change (by whom, when) and whether it differs. */
function ConsoleStatus({ state }: { state: DraftResponse }) {
  const { t } = useTranslation(['console']);
  const language = currentLanguage();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md" className="fp-console-status">
      <dl className="fp-console-status-list" data-testid="console-status">
        <div>
          <dt>{t('console:status.live')}</dt>
          <dd>
            {state.published_version === null
              ? t('console:status.live_file')
              : t('console:status.live_version', { version: state.published_version })}
          </dd>
        </div>
        <div>
          <dt>{t('console:status.draft')}</dt>
          <dd>
            {state.draft_updated_at
              ? t('console:status.draft_saved', {
                  who: state.draft_updated_by ?? t('console:status.someone'),
                  when: formatDateTime(state.draft_updated_at, language),
                })
              : t('console:status.draft_none')}{' '}
            <Badge
              variant="light"
              color={state.has_changes ? 'blue' : 'gray'}
              tt="none"
              className="fp-console-badge"
              data-testid="console-has-changes"
            >
              {state.has_changes ? t('console:status.has_changes') : t('console:status.no_changes')}
            </Badge>
          </dd>
        </div>
      </dl>
    </Paper>
  );
}

function ConsoleSkeleton() {
  return (
    <LoadingSkeleton>
      <Skeleton height={64} radius="md" />
      <Skeleton height={36} width="60%" />
      <Skeleton height={320} radius="md" />
    </LoadingSkeleton>
  );
}
