import type { CaseDetail, StaffProfile } from '@finportal/contracts/backoffice';
import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { AuditSection } from './audit-section';
import { DocumentsSection } from './documents-section';
import { FactoringSection } from './factoring-section';
import { HistorySection } from './history-section';
import { ObjectsSection } from './objects-section';
import { OverviewSection } from './overview-section';
import { PendingSection } from './pending-section';
import { RepresentativesSection } from './representatives-section';
import { RequestsSection } from './requests-section';
import { SigningRecordsSection } from './signing-records-section';

const TAB_PARAM = 'tab';

type CaseTab =
  'overview' | 'pending' | 'requests' | 'representatives' | 'documents' | 'objects' | 'factoring' | 'history' | 'audit';

/** The tabs this case has: objects and factoring only for their products, the audit trail with audit.read. */
function tabsOf(detail: CaseDetail): CaseTab[] {
  const tabs: CaseTab[] = ['overview', 'pending', 'requests', 'representatives', 'documents'];
  if (detail.finance_objects) tabs.push('objects');
  if (detail.factoring || detail.debitors) tabs.push('factoring');
  tabs.push('history');
  if (detail.capabilities.can_read_audit) tabs.push('audit');
  return tabs;
}

/**
 * Everything the borrower entered and what happened to the case, one tab each (arrow keys move
 * between tabs). The open tab is the query parameter `tab`: a reload keeps it, and choosing a tab
 * replaces the address (the back button still leads to the queue).
 */
export function CaseTabs({ detail, profile }: { detail: CaseDetail; profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const [searchParams, setSearchParams] = useSearchParams();
  const { state } = useLocation();
  const tabs = tabsOf(detail);
  const asked = searchParams.get(TAB_PARAM) as CaseTab | null;
  const tab = asked && tabs.includes(asked) ? asked : 'overview';
  const counts: Partial<Record<CaseTab, number>> = {
    pending: detail.pending.pending_actions.length,
    requests: detail.requests.filter((r) => r.status === 'open').length,
  };

  const choose = (value: string | null) => {
    if (!value || value === tab) return;
    const next = new URLSearchParams(searchParams);
    if (value === 'overview') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, value);
    setSearchParams(next, { replace: true, state });
  };

  const body = (value: CaseTab) => {
    switch (value) {
      case 'overview':
        return <OverviewSection detail={detail} />;
      case 'pending':
        return <PendingSection detail={detail} />;
      case 'requests':
        return <RequestsSection detail={detail} profile={profile} />;
      case 'representatives':
        return <RepresentativesSection detail={detail} profile={profile} />;
      case 'documents':
        // The signing records (ADR 020) belong to the documents they hash: below the contracts.
        return (
          <Stack gap="md">
            <DocumentsSection detail={detail} profile={profile} />
            <SigningRecordsSection detail={detail} />
          </Stack>
        );
      case 'objects':
        return <ObjectsSection detail={detail} />;
      case 'factoring':
        return <FactoringSection detail={detail} />;
      case 'history':
        return <HistorySection detail={detail} />;
      case 'audit':
        return <AuditSection detail={detail} />;
    }
  };

  return (
    <Tabs value={tab} onChange={choose} keepMounted={false} className="fp-bo-tabs">
      <Tabs.List aria-label={t('backoffice:tabs.label')} mb="md">
        {tabs.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {t(`backoffice:tabs.${value}`)}
            {counts[value] ? (
              <>
                {' '}
                <span className="fp-bo-count">({counts[value]})</span>
              </>
            ) : null}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((value) => (
        <Tabs.Panel key={value} value={value}>
          {body(value)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
