import type { QueueResponse, StaffProfile } from '@finportal/contracts/backoffice';
import { Alert, Button, Container, Group, Paper, Skeleton, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { PageTitle } from '../../../components/page-title';
import { buildUrl } from '../../../lib/http';
import { useQueue } from '../api/get-queue';
import {
  csvQueryOf,
  filtersFromSearch,
  isFiltered,
  lastPage,
  nextPage,
  previousPage,
  NO_FILTERS,
  QUEUE_PAGE_SIZE,
  queueQueryOf,
  searchFromFilters,
  withFilters,
  type QueueFilters,
} from '../model/queue-filters';
import { QueueFilterBar } from './queue-filter-bar';
import { QueueTable } from './queue-table';

/**
 * The queue (issue 13): every case of the partners this person sees, filtered, searched, sorted
 * and paged; the filters live in the address. A row opens the case; "Assign to me" takes it.
 * "Download CSV" exports every page of the filtered queue (a plain link: same origin, the staff
 * cookie goes along, the browser saves the attachment).
 */
export function QueuePage({ profile }: { profile: StaffProfile }) {
  const { t } = useTranslation(['backoffice']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const queue = useQueue(queueQueryOf(filters));

  const change = useCallback(
    (next: QueueFilters, options: { replace?: boolean } = {}) => setSearchParams(searchFromFilters(next), options),
    [setSearchParams],
  );

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <div className="fp-bo-queue-head">
        <PageTitle title={t('backoffice:queue.title')} mb={0} />
        <Button
          component="a"
          href={buildUrl('/backoffice/applications.csv', csvQueryOf(filters))}
          download
          variant="default"
          size="sm"
        >
          {t('backoffice:queue.csv')}
          <span className="fp-visually-hidden"> {t('backoffice:queue.csv_hint')}</span>
        </Button>
      </div>
      <QueueFilterBar filters={filters} profile={profile} onChange={change} />
      {queue.isPending ? (
        <QueueSkeleton />
      ) : queue.isError && !queue.data ? (
        <Alert color="red" role="alert" title={t('backoffice:queue.failed_title')}>
          <Text size="sm">{t('backoffice:queue.failed_text')}</Text>
          <Button mt="sm" variant="default" onClick={() => void queue.refetch()}>
            {t('backoffice:layout.retry')}
          </Button>
        </Alert>
      ) : queue.data.total === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600} role="status">
            {t('backoffice:queue.empty_title')}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {isFiltered(filters) ? t('backoffice:queue.empty_filtered') : t('backoffice:queue.empty_text')}
          </Text>
          {isFiltered(filters) && (
            <Button mt="md" variant="default" onClick={() => change({ ...NO_FILTERS, sort: filters.sort })}>
              {t('backoffice:filters.reset')}
            </Button>
          )}
        </Paper>
      ) : queue.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text fw={600} role="status">
            {t('backoffice:queue.page_empty')}
          </Text>
          <Button mt="md" variant="default" onClick={() => change(withFilters(filters, {}))}>
            {t('backoffice:queue.first_page')}
          </Button>
        </Paper>
      ) : (
        <>
          <QueueTable
            items={queue.data.items}
            total={queue.data.total}
            filters={filters}
            profile={profile}
            busy={queue.isPlaceholderData}
            onSort={(sort) => change(withFilters(filters, { sort }))}
          />
          <Pager
            page={filters.page}
            answer={queue.data}
            onPage={(to) => change(to === 'next' ? nextPage(filters, queue.data) : previousPage(filters, queue.data))}
          />
        </>
      )}
    </Container>
  );
}

/**
 * Previous and next follow the answer's cursors (keyset paging, ADR 041): any depth costs one
 * page. Beyond 10,000 matching cases the count says "more than 10,000" and the page has no "of N".
 */
function Pager({
  page,
  answer,
  onPage,
}: {
  page: number;
  answer: QueueResponse;
  onPage: (to: 'previous' | 'next') => void;
}) {
  const { t, i18n } = useTranslation(['backoffice']);
  const { total } = answer;
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const pages = lastPage(total);
  const from = (page - 1) * QUEUE_PAGE_SIZE + 1;
  const to = from + answer.items.length - 1;
  return (
    <nav aria-label={t('backoffice:queue.pages_label')} className="fp-bo-pager">
      <Text size="sm">
        {answer.total_exact
          ? t('backoffice:queue.range', { from: number(from), to: number(to), count: total })
          : t('backoffice:queue.range_more', { from: number(from), to: number(to), limit: number(total) })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" size="compact-sm" disabled={page <= 1} onClick={() => onPage('previous')}>
          {t('backoffice:queue.previous')}
        </Button>
        <Text size="sm" aria-current="page">
          {answer.total_exact
            ? t('backoffice:queue.page', { page: number(Math.min(page, pages)), pages: number(pages) })
            : t('backoffice:queue.page_open', { page: number(page) })}
        </Text>
        <Button variant="default" size="compact-sm" disabled={!answer.has_more} onClick={() => onPage('next')}>
          {t('backoffice:queue.next')}
        </Button>
      </Group>
    </nav>
  );
}

function QueueSkeleton() {
  return (
    <LoadingSkeleton>
      <Skeleton height={40} radius="sm" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={28} radius="sm" />
      ))}
    </LoadingSkeleton>
  );
}
