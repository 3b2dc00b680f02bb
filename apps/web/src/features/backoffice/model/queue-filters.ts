import { QUEUE_SORTS, type QueueResponse, type QueueSort } from '@finportal/contracts/backoffice';
import type { ProductType } from '@finportal/contracts/products';
import { displayGroup, RAW_STATUSES, type DisplayGroup, type RawStatus } from '@finportal/contracts/statuses';
import type { QueueParams } from '../api/get-queue';

/**
 * The queue's filters, sort and page as the address keeps them (`/backoffice?group=in_review&q=…`):
 * a reload keeps them, the back button returns to the previous ones, and a link to a case can
 * bring the user back to exactly this queue. Values the API would refuse are dropped when read.
 */

/** The display groups a case can be in, in the order of the main path. */
export const QUEUE_GROUPS: readonly DisplayGroup[] = [...new Set(RAW_STATUSES.map(displayGroup))];

export const ASSIGNEE_FILTERS = ['me', 'none'] as const;
/** `me`, `none`, or a colleague's staff id. */
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number] | (string & {});

const STAFF_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A colleague's staff id (not `me` or `none`). */
export function isColleagueFilter(assignee: string | null): assignee is string {
  return assignee !== null && STAFF_ID.test(assignee);
}

/**
 * The product types the queue filters by. Checked against contracts' ProductType by the compiler
 * (every type, nothing else) instead of importing PRODUCT_TYPES: that module would become a chunk
 * of its own that the wizard's first step (on the 150 KB budget) would then load separately.
 */
const PRODUCTS: Record<ProductType, true> = {
  general_liquidity: true,
  object_financing: true,
  real_estate: true,
  factoring: true,
  whitelabel: true,
  other: true,
  working_capital: true,
  project: true,
  material: true,
  tlb: true,
};
export const PRODUCT_FILTERS = Object.keys(PRODUCTS) as ProductType[];

/** The minimum days in the current status offered in the filter. */
export const MIN_AGE_DAYS = [1, 3, 7, 14, 30, 90] as const;
export const MIN_AGE_DAYS_MAX = 3650;

export const QUEUE_PAGE_SIZE = 25;
export const DEFAULT_SORT: QueueSort = '-status_since';

export interface QueueFilters {
  group: DisplayGroup | null;
  status: RawStatus | null;
  partner: string | null;
  product: string | null;
  assignee: AssigneeFilter | null;
  min_age_days: number | null;
  q: string;
  sort: QueueSort;
  page: number;
  /** Keyset paging (ADR 041): the page after or before a row of the previous answer (its cursor). */
  after: string | null;
  before: string | null;
}

export const NO_FILTERS: QueueFilters = {
  group: null,
  status: null,
  partner: null,
  product: null,
  assignee: null,
  min_age_days: null,
  q: '',
  sort: DEFAULT_SORT,
  page: 1,
  after: null,
  before: null,
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

const colleagueOf = (value: string | null) => (isColleagueFilter(value) ? value.toLowerCase() : null);

/** The filters of an address's query string. */
export function filtersFromSearch(params: URLSearchParams): QueueFilters {
  const partner = params.get('partner')?.trim();
  return {
    group: oneOf(QUEUE_GROUPS, params.get('group')),
    status: oneOf(RAW_STATUSES, params.get('status')),
    partner: partner && partner.length <= 64 ? partner : null,
    product: oneOf(PRODUCT_FILTERS, params.get('product')),
    assignee: oneOf(ASSIGNEE_FILTERS, params.get('assignee')) ?? colleagueOf(params.get('assignee')),
    min_age_days: wholeNumber(params.get('min_age_days'), 1, MIN_AGE_DAYS_MAX),
    q: (params.get('q') ?? '').slice(0, 100),
    sort: oneOf(QUEUE_SORTS, params.get('sort')) ?? DEFAULT_SORT,
    page: wholeNumber(params.get('page'), 1, 100_000) ?? 1,
    after: cursorOf(params.get('after')),
    before: cursorOf(params.get('after')) ? null : cursorOf(params.get('before')),
  };
}

/** A cursor as the API writes them (base64url, bounded); anything else is dropped. */
const cursorOf = (value: string | null) => (value && /^[A-Za-z0-9_-]{1,400}$/.test(value) ? value : null);

/** The query string of the filters: what differs from the defaults, in a stable order. */
export function searchFromFilters(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.group) params.set('group', filters.group);
  if (filters.status) params.set('status', filters.status);
  if (filters.partner) params.set('partner', filters.partner);
  if (filters.product) params.set('product', filters.product);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.min_age_days !== null) params.set('min_age_days', String(filters.min_age_days));
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.page > 1 && filters.after) params.set('after', filters.after);
  else if (filters.page > 1 && filters.before) params.set('before', filters.before);
  return params;
}

/** GET /backoffice/applications's query for the filters (unset filters left out). */
export function queueQueryOf(filters: QueueFilters): QueueParams {
  const query: QueueParams = { sort: filters.sort, page: filters.page, page_size: QUEUE_PAGE_SIZE };
  if (filters.group) query.group = filters.group;
  if (filters.status) query.status = filters.status;
  if (filters.partner) query.partner = filters.partner;
  if (filters.product) query.product = filters.product;
  if (filters.assignee) query.assignee = filters.assignee;
  if (filters.min_age_days !== null) query.min_age_days = filters.min_age_days;
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.page > 1 && filters.after) query.after = filters.after;
  else if (filters.page > 1 && filters.before) query.before = filters.before;
  return query;
}

/**
 * The query of the CSV export (GET /backoffice/applications.csv): the list's filters and sort,
 * without its paging (the export holds every page).
 */
export function csvQueryOf(filters: QueueFilters): QueueParams {
  const { page: _page, page_size: _size, after: _after, before: _before, ...query } = queueQueryOf(filters);
  return query;
}

/** The filters with a change: any change but the page's starts again at page 1. */
export function withFilters(filters: QueueFilters, change: Partial<QueueFilters>): QueueFilters {
  return { ...filters, page: 1, after: null, before: null, ...change };
}

/** True when a filter narrows the queue (sort and page aside). */
export function isFiltered(filters: QueueFilters): boolean {
  return searchFromFilters({ ...filters, sort: DEFAULT_SORT, page: 1, after: null, before: null }).size > 0;
}

/** The columns the queue sorts by, with their ascending and descending sort. */
export const SORT_COLUMNS = {
  company: ['company', '-company'],
  amount: ['amount', '-amount'],
  /** Time in the current status: ascending is the most recent change first. */
  age: ['-status_since', 'status_since'],
} as const satisfies Record<string, readonly [QueueSort, QueueSort]>;
export type SortColumn = keyof typeof SORT_COLUMNS;

/** `aria-sort` of a column header for the current sort. */
export function ariaSortOf(column: SortColumn, sort: QueueSort): 'ascending' | 'descending' | 'none' {
  const [ascending, descending] = SORT_COLUMNS[column];
  if (sort === ascending) return 'ascending';
  return sort === descending ? 'descending' : 'none';
}

/** Clicking a column header: ascending first, then the other way round. */
export function nextSort(column: SortColumn, sort: QueueSort): QueueSort {
  const [ascending, descending] = SORT_COLUMNS[column];
  return sort === ascending ? descending : ascending;
}

/** The last page there is (1 for an empty queue). */
export function lastPage(total: number): number {
  return Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
}

/** The next page: after the answer's last row. */
export function nextPage(filters: QueueFilters, answer: Pick<QueueResponse, 'next_cursor'>): QueueFilters {
  return { ...filters, page: filters.page + 1, after: answer.next_cursor, before: null };
}

/** The previous page: before the answer's first row (page 1 needs no cursor). */
export function previousPage(filters: QueueFilters, answer: Pick<QueueResponse, 'prev_cursor'>): QueueFilters {
  const page = Math.max(1, filters.page - 1);
  return { ...filters, page, after: null, before: page > 1 ? answer.prev_cursor : null };
}
