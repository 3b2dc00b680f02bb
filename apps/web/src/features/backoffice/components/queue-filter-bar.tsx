import type { StaffProfile } from '@finportal/contracts/backoffice';
import { displayGroup, RAW_STATUSES } from '@finportal/contracts/statuses';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColleagues } from '../api/get-colleagues';
import {
  ASSIGNEE_FILTERS,
  isColleagueFilter,
  isFiltered,
  MIN_AGE_DAYS,
  NO_FILTERS,
  PRODUCT_FILTERS,
  QUEUE_GROUPS,
  withFilters,
  type QueueFilters,
} from '../model/queue-filters';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 350;

type Change = (next: QueueFilters, options?: { replace?: boolean }) => void;

/**
 * The queue's filters: search (company or short id, sent once typing pauses), display group, raw
 * status, partner (only for someone who sees several), product, assignee (anyone, me, nobody or a
 * colleague by e-mail) and the minimum days in the current status. Native selects: the keyboard
 * and phones handle them as usual.
 */
export function QueueFilterBar({
  filters,
  profile,
  onChange,
}: {
  filters: QueueFilters;
  profile: StaffProfile;
  onChange: Change;
}) {
  const { t } = useTranslation(['backoffice', 'dashboard']);
  const set = (change: Partial<QueueFilters>) => onChange(withFilters(filters, change));
  const any = (label: string) => ({ value: '', label });
  const statuses = RAW_STATUSES.filter((s) => !filters.group || displayGroup(s) === filters.group);
  const ages: number[] = [...MIN_AGE_DAYS];
  if (filters.min_age_days !== null && !ages.includes(filters.min_age_days)) ages.push(filters.min_age_days);

  return (
    <section aria-label={t('backoffice:filters.label')} className="fp-bo-filters">
      <SearchField filters={filters} onChange={onChange} />
      <NativeSelect
        label={t('backoffice:filters.group')}
        value={filters.group ?? ''}
        data={[
          any(t('backoffice:filters.all_groups')),
          ...QUEUE_GROUPS.map((g) => ({ value: g, label: t(`dashboard:status.${g}`) })),
        ]}
        onChange={(e) => {
          const group = (e.currentTarget.value || null) as QueueFilters['group'];
          // A status of another group would leave nothing to show.
          const keep = filters.status && group && displayGroup(filters.status) !== group ? { status: null } : {};
          set({ group, ...keep });
        }}
      />
      <NativeSelect
        label={t('backoffice:filters.status')}
        value={filters.status ?? ''}
        data={[
          any(t('backoffice:filters.all_statuses')),
          ...statuses.map((s) => ({ value: s, label: t(`backoffice:statuses.${s}`) })),
        ]}
        onChange={(e) => set({ status: (e.currentTarget.value || null) as QueueFilters['status'] })}
      />
      {profile.partners.length > 1 && (
        <NativeSelect
          label={t('backoffice:filters.partner')}
          value={filters.partner ?? ''}
          data={[
            any(t('backoffice:filters.all_partners')),
            ...profile.partners.map((p) => ({ value: p.key, label: p.display_name })),
          ]}
          onChange={(e) => set({ partner: e.currentTarget.value || null })}
        />
      )}
      <NativeSelect
        label={t('backoffice:filters.product')}
        value={filters.product ?? ''}
        data={[
          any(t('backoffice:filters.all_products')),
          ...PRODUCT_FILTERS.map((p) => ({ value: p, label: t(`backoffice:products.${p}`) })),
        ]}
        onChange={(e) => set({ product: e.currentTarget.value || null })}
      />
      <AssigneeFilter filters={filters} profile={profile} onChange={(assignee) => set({ assignee })} />
      <NativeSelect
        label={t('backoffice:filters.min_age')}
        value={filters.min_age_days === null ? '' : String(filters.min_age_days)}
        data={[
          any(t('backoffice:filters.min_age_any')),
          ...ages.map((d) => ({ value: String(d), label: t('backoffice:filters.min_age_days', { count: d }) })),
        ]}
        onChange={(e) => set({ min_age_days: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
      />
      {isFiltered(filters) && (
        <Button
          variant="subtle"
          className="fp-bo-filters-reset"
          onClick={() => onChange({ ...NO_FILTERS, sort: filters.sort })}
        >
          {t('backoffice:filters.reset')}
        </Button>
      )}
    </section>
  );
}

/**
 * Anyone, me, unassigned, or one of the colleagues who see the partner filtered by (every partner
 * this person sees when none is), by e-mail. A colleague of the address who is not in the list
 * (no longer active, another partner) stays chosen and says so.
 */
function AssigneeFilter({
  filters,
  profile,
  onChange,
}: {
  filters: QueueFilters;
  profile: StaffProfile;
  onChange: (assignee: QueueFilters['assignee']) => void;
}) {
  const { t } = useTranslation(['backoffice']);
  const colleagues = useColleagues(filters.partner);
  const others = (colleagues.data ?? []).filter((c) => c.id !== profile.id);
  const chosen = filters.assignee;
  const unlisted = isColleagueFilter(chosen) && !others.some((c) => c.id === chosen);
  return (
    <NativeSelect
      label={t('backoffice:filters.assignee')}
      value={chosen ?? ''}
      data={[
        { value: '', label: t('backoffice:filters.assignee_any') },
        ...ASSIGNEE_FILTERS.map((a) => ({ value: a, label: t(`backoffice:filters.assignee_${a}`) })),
        ...(unlisted
          ? [
              {
                value: chosen,
                label: colleagues.isPending
                  ? t('backoffice:filters.assignee_loading')
                  : t('backoffice:filters.assignee_unlisted'),
              },
            ]
          : []),
        ...(others.length > 0
          ? [
              {
                group: t('backoffice:filters.assignee_colleagues'),
                items: others.map((c) => ({ value: c.id, label: c.email })),
              },
            ]
          : []),
      ]}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  );
}

/**
 * The search: the queue follows once typing pauses (or at once on Enter). Refining a search
 * replaces the address; starting or clearing one adds an entry, so that "back" leaves the search.
 * A search changed by the back button shows in the field.
 */
function SearchField({ filters, onChange }: { filters: QueueFilters; onChange: Change }) {
  const { t } = useTranslation(['backoffice']);
  const [text, setText] = useState(filters.q);
  const sent = useRef(filters.q);

  useEffect(() => {
    if (filters.q !== sent.current) {
      sent.current = filters.q;
      setText(filters.q);
    }
  }, [filters.q]);

  const commit = (value: string) => {
    const q = value.trim();
    if (q === sent.current.trim()) return;
    const refining = q !== '' && sent.current.trim() !== '';
    sent.current = q;
    onChange(withFilters(filters, { q }), { replace: refining });
  };

  // Only typing restarts the wait; the search is sent with the filters current when it fires.
  const commitLater = useEffectEvent((value: string) => commit(value));
  useEffect(() => {
    const timer = setTimeout(() => commitLater(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextInput
      type="search"
      className="fp-bo-filters-search"
      label={t('backoffice:filters.search')}
      description={t('backoffice:filters.search_hint')}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text);
      }}
    />
  );
}
