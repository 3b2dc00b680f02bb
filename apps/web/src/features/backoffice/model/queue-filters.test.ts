import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  csvQueryOf,
  isColleagueFilter,
  filtersFromSearch,
  isFiltered,
  lastPage,
  NO_FILTERS,
  nextSort,
  queueQueryOf,
  searchFromFilters,
  withFilters,
} from './queue-filters';

describe('queue filters in the address', () => {
  it('read back what they wrote, leaving defaults out', () => {
    const filters = {
      ...NO_FILTERS,
      group: 'in_review' as const,
      status: 'Pricing' as const,
      partner: 'nordbank',
      product: 'factoring',
      assignee: 'none' as const,
      min_age_days: 7,
      q: ' Muster ',
      sort: 'amount' as const,
      page: 3,
    };
    const search = searchFromFilters(filters);
    expect(search.toString()).toBe(
      'group=in_review&status=Pricing&partner=nordbank&product=factoring&assignee=none&min_age_days=7&q=Muster&sort=amount&page=3',
    );
    expect(filtersFromSearch(search)).toEqual({ ...filters, q: 'Muster' });
    expect(searchFromFilters(NO_FILTERS).toString()).toBe('');
  });

  it('drop what the API would refuse', () => {
    const read = filtersFromSearch(
      new URLSearchParams('group=nope&status=Lost&product=x&assignee=them&min_age_days=-1&sort=random&page=0'),
    );
    expect(read).toEqual(NO_FILTERS);
    expect(filtersFromSearch(new URLSearchParams('min_age_days=99999&page=abc'))).toEqual(NO_FILTERS);
  });

  it('take a colleague by staff id as the assignee, and nothing else that is no id', () => {
    const id = '5d0c8f1e-2b7a-4c3d-9e8f-1a2b3c4d5e6f';
    expect(filtersFromSearch(new URLSearchParams(`assignee=${id.toUpperCase()}`)).assignee).toBe(id);
    expect(isColleagueFilter(id)).toBe(true);
    expect(isColleagueFilter('me')).toBe(false);
    expect(filtersFromSearch(new URLSearchParams('assignee=5d0c8f1e')).assignee).toBeNull();
    expect(queueQueryOf({ ...NO_FILTERS, assignee: id })).toMatchObject({ assignee: id });
  });

  it('make the CSV export query: the list’s filters and sort, without paging', () => {
    expect(csvQueryOf({ ...NO_FILTERS, status: 'Pricing', q: ' K7 ', sort: 'amount', page: 4 })).toEqual({
      status: 'Pricing',
      q: 'K7',
      sort: 'amount',
    });
  });

  it('make the API query with only the filters set, and start again at page 1 on a change', () => {
    expect(queueQueryOf({ ...NO_FILTERS, assignee: 'me', q: '  ' })).toEqual({
      sort: '-status_since',
      page: 1,
      page_size: 25,
      assignee: 'me',
    });
    expect(withFilters({ ...NO_FILTERS, page: 4 }, { status: 'Signature' })).toMatchObject({
      status: 'Signature',
      page: 1,
    });
    expect(isFiltered({ ...NO_FILTERS, sort: 'amount', page: 2 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, q: 'K7' })).toBe(true);
  });

  it('sort a column ascending first, then descending, and say so', () => {
    expect(nextSort('company', '-status_since')).toBe('company');
    expect(nextSort('company', 'company')).toBe('-company');
    expect(nextSort('company', '-company')).toBe('company');
    expect(ariaSortOf('age', '-status_since')).toBe('ascending');
    expect(ariaSortOf('age', 'status_since')).toBe('descending');
    expect(ariaSortOf('amount', 'company')).toBe('none');
  });

  it('count the pages', () => {
    expect(lastPage(0)).toBe(1);
    expect(lastPage(25)).toBe(1);
    expect(lastPage(26)).toBe(2);
  });
});
