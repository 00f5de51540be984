import { describe, expect, test } from 'vitest';
import {
  DEFAULT_FILTERS,
  filterChildren,
  filtersFromQuery,
  filtersToQuery,
  hasActiveFilters,
  locationsOf,
  matchesAge,
  matchesSearch,
  resultSummary,
  underChosen,
  type ChildFilters,
} from '../../src/lib/children-filter.ts';

const children = [
  { id: 'amani', name: 'Amani Otieno', age: 8, location: 'Kibera', dreamJob: 'Engineer', monthlyNeed: 5400 },
  { id: 'wanjiku', name: 'Wanjiku Kamau', age: 12, location: 'Mathare', dreamJob: 'Lawyer', monthlyNeed: 8100 },
  {
    id: 'baraka',
    name: 'Baraka Mwangi',
    age: 10,
    location: 'Kawangware',
    dreamJob: 'Mechanical engineer',
    monthlyNeed: 6750,
  },
  { id: 'achieng', name: 'Achieng Odhiambo', age: 14, location: 'Westlands', dreamJob: 'Doctor', monthlyNeed: 10125 },
  { id: 'zawadi', name: 'Zawadi Njeri', age: 7, location: 'Kibera', dreamJob: 'Artist', monthlyNeed: 7425 },
];
const LOCATIONS = locationsOf(children);

const ids = (filters: Partial<ChildFilters>) =>
  filterChildren(children, { ...DEFAULT_FILTERS, ...filters }).map((c) => c.id);

describe('matchesSearch', () => {
  test('matches the name, dream job or location, ignoring case and surrounding spaces', () => {
    expect(matchesSearch(children[0]!, 'amani')).toBe(true);
    expect(matchesSearch(children[0]!, '  ENGINEER ')).toBe(true);
    expect(matchesSearch(children[0]!, 'kib')).toBe(true);
    expect(matchesSearch(children[0]!, 'Doctor')).toBe(false);
  });

  test('does not match other fields such as the age or the need', () => {
    expect(matchesSearch(children[0]!, '8')).toBe(false);
    expect(matchesSearch(children[0]!, '5400')).toBe(false);
  });

  test('matches everyone when the search is blank', () => {
    expect(ids({ search: '   ' })).toHaveLength(children.length);
  });
});

describe('matchesAge', () => {
  test('counts 10 as young and 11 as teen', () => {
    expect(matchesAge({ ...children[0]!, age: 10 }, 'young')).toBe(true);
    expect(matchesAge({ ...children[0]!, age: 10 }, 'teen')).toBe(false);
    expect(matchesAge({ ...children[0]!, age: 11 }, 'teen')).toBe(true);
    expect(matchesAge({ ...children[0]!, age: 11 }, 'young')).toBe(false);
    expect(matchesAge({ ...children[0]!, age: 11 }, 'all')).toBe(true);
  });
});

describe('filterChildren', () => {
  test('sorts by name when nothing is chosen', () => {
    expect(ids({})).toEqual(['achieng', 'amani', 'baraka', 'wanjiku', 'zawadi']);
  });

  test('filters by age group', () => {
    expect(ids({ age: 'young' })).toEqual(['amani', 'baraka', 'zawadi']);
    expect(ids({ age: 'teen' })).toEqual(['achieng', 'wanjiku']);
  });

  test('filters by location', () => {
    expect(ids({ location: 'Kibera' })).toEqual(['amani', 'zawadi']);
  });

  test('combines search, age and location', () => {
    expect(ids({ search: 'engineer', age: 'young' })).toEqual(['amani', 'baraka']);
    expect(ids({ search: 'engineer', location: 'Kibera' })).toEqual(['amani']);
    expect(ids({ search: 'lawyer', age: 'young' })).toEqual([]);
  });

  test('sorts by age, youngest first, then by name', () => {
    expect(ids({ sort: 'age' })).toEqual(['zawadi', 'amani', 'baraka', 'wanjiku', 'achieng']);
  });

  test('sorts by monthly need, smallest first', () => {
    expect(ids({ sort: 'need' })).toEqual(['amani', 'baraka', 'zawadi', 'wanjiku', 'achieng']);
  });

  test('sorts by location, then by name within a location', () => {
    expect(ids({ sort: 'location' })).toEqual(['baraka', 'amani', 'zawadi', 'wanjiku', 'achieng']);
  });

  test('leaves the list it was given in its order', () => {
    const before = children.map((c) => c.id);
    filterChildren(children, { ...DEFAULT_FILTERS, sort: 'need' });
    expect(children.map((c) => c.id)).toEqual(before);
  });
});

describe('locationsOf', () => {
  test('lists each location once, alphabetically', () => {
    expect(LOCATIONS).toEqual(['Kawangware', 'Kibera', 'Mathare', 'Westlands']);
  });
});

describe('hasActiveFilters', () => {
  test('is false for the unfiltered view, whatever the sort', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, sort: 'age', search: '  ' })).toBe(false);
  });

  test('is true when a search, age group or location is chosen', () => {
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: 'a' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, age: 'teen' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, location: 'Kibera' })).toBe(true);
  });
});

describe('query string', () => {
  test('writes only what differs from the unfiltered view', () => {
    expect(filtersToQuery(DEFAULT_FILTERS)).toBe('');
    expect(filtersToQuery({ search: 'dr', age: 'teen', location: 'Westlands', sort: 'need' })).toBe(
      '?q=dr&age=teen&location=Westlands&sort=need',
    );
    expect(filtersToQuery({ ...DEFAULT_FILTERS, search: '   ' })).toBe('');
  });

  test('reads back what it wrote', () => {
    const filters: ChildFilters = {
      search: 'Mechanical engineer',
      age: 'young',
      location: 'Kawangware',
      sort: 'location',
    };
    expect(filtersFromQuery(filtersToQuery(filters), LOCATIONS)).toEqual(filters);
  });

  test('reads an empty query as the unfiltered view', () => {
    expect(filtersFromQuery('', LOCATIONS)).toEqual(DEFAULT_FILTERS);
  });

  test('ignores values the page cannot show', () => {
    expect(filtersFromQuery('?age=baby&location=Paris&sort=height&child=amani', LOCATIONS)).toEqual(DEFAULT_FILTERS);
  });

  test('accepts URLSearchParams', () => {
    expect(filtersFromQuery(new URLSearchParams({ location: 'Kibera' }), LOCATIONS).location).toBe('Kibera');
  });

  test("a shared link's filters give way to what the visitor chose before the script read the link", () => {
    const fromLink = filtersFromQuery('?q=dr&age=young&sort=need', LOCATIONS);
    expect(underChosen(fromLink, { ...DEFAULT_FILTERS, location: 'Kibera', age: 'teen' })).toEqual({
      search: 'dr',
      age: 'teen',
      location: 'Kibera',
      sort: 'need',
    });
    expect(underChosen(fromLink, DEFAULT_FILTERS)).toEqual(fromLink);
    expect(underChosen(DEFAULT_FILTERS, { ...DEFAULT_FILTERS, location: 'Kibera' }).location).toBe('Kibera');
  });
});

describe('resultSummary', () => {
  test('says how many children are shown', () => {
    expect(resultSummary(4, 4)).toBe('Showing all 4 children');
    expect(resultSummary(1, 4)).toBe('Showing 1 of 4 children');
    expect(resultSummary(0, 4)).toBe('No children found');
  });
});
