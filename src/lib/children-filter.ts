/**
 * The Meet Our Children filter: search, age group, location and sort, and how
 * that state reads from and writes to the page's query string so a filtered view can be shared. Pure.
 */

/** Age groups of the filter: 'young' is 10 or under, 'teen' is over 10. */
export const AGE_GROUPS = ['all', 'young', 'teen'] as const;
/** An age group of the filter. */
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** Sort orders: name, age, need (monthly need ascending) and location. */
export const SORT_KEYS = ['name', 'age', 'need', 'location'] as const;
/** A sort order of the grid. */
export type SortKey = (typeof SORT_KEYS)[number];

/** Oldest age that still counts as 'young'. */
export const YOUNG_MAX_AGE = 10;

/** The fields of a child the filter reads. */
export type FilterableChild = {
  name: string;
  age: number;
  location: string;
  dreamJob: string;
  monthlyNeed: number;
};

/** What the visitor chose; `location` is '' for every location. */
export type ChildFilters = {
  search: string;
  age: AgeGroup;
  location: string;
  sort: SortKey;
};

/** The unfiltered view: no search, every age and location, sorted by name. */
export const DEFAULT_FILTERS: Readonly<ChildFilters> = Object.freeze({
  search: '',
  age: 'all',
  location: '',
  sort: 'name',
});

/** Query-string parameter of each filter. */
export const QUERY_KEYS = { search: 'q', age: 'age', location: 'location', sort: 'sort' } as const;

const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** True when the search text is found in the child's name, dream job or location, ignoring case. */
export function matchesSearch(child: FilterableChild, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('en');
  if (needle === '') return true;
  return [child.name, child.dreamJob, child.location].some((field) => field.toLocaleLowerCase('en').includes(needle));
}

/** True when the child's age falls in the age group. */
export function matchesAge(child: FilterableChild, age: AgeGroup): boolean {
  if (age === 'young') return child.age <= YOUNG_MAX_AGE;
  if (age === 'teen') return child.age > YOUNG_MAX_AGE;
  return true;
}

const byName = (a: FilterableChild, b: FilterableChild) => collator.compare(a.name, b.name);

const comparators: Record<SortKey, (a: FilterableChild, b: FilterableChild) => number> = {
  name: byName,
  age: (a, b) => a.age - b.age || byName(a, b),
  need: (a, b) => a.monthlyNeed - b.monthlyNeed || byName(a, b),
  location: (a, b) => collator.compare(a.location, b.location) || byName(a, b),
};

/** The children that match every filter, in the chosen order (a new list; the input is left alone). */
export function filterChildren<C extends FilterableChild>(children: readonly C[], filters: ChildFilters): C[] {
  return children
    .filter(
      (child) =>
        matchesSearch(child, filters.search) &&
        matchesAge(child, filters.age) &&
        (filters.location === '' || child.location === filters.location),
    )
    .sort(comparators[filters.sort]);
}

/** The distinct locations of the children, alphabetically: the options of the location filter. */
export function locationsOf(children: readonly FilterableChild[]): string[] {
  return [...new Set(children.map((child) => child.location).filter(Boolean))].sort(collator.compare);
}

/** True when any filter differs from the unfiltered view (the sort order does not count). */
export function hasActiveFilters(filters: ChildFilters): boolean {
  return (
    filters.search.trim() !== '' || filters.age !== DEFAULT_FILTERS.age || filters.location !== DEFAULT_FILTERS.location
  );
}

const isOneOf = <T extends string>(options: readonly T[], value: string | null): value is T =>
  value !== null && (options as readonly string[]).includes(value);

/**
 * Filters from a query string such as `?q=kib&age=young&sort=need`. Values the page cannot show (an unknown age
 * group, sort order or a location not in `locations`) fall back to the unfiltered view's value.
 */
export function filtersFromQuery(query: string | URLSearchParams, locations: readonly string[]): ChildFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const age = params.get(QUERY_KEYS.age);
  const location = params.get(QUERY_KEYS.location);
  const sort = params.get(QUERY_KEYS.sort);
  return {
    search: params.get(QUERY_KEYS.search) ?? DEFAULT_FILTERS.search,
    age: isOneOf(AGE_GROUPS, age) ? age : DEFAULT_FILTERS.age,
    location: isOneOf(locations, location) ? location : DEFAULT_FILTERS.location,
    sort: isOneOf(SORT_KEYS, sort) ? sort : DEFAULT_FILTERS.sort,
  };
}

/**
 * A shared link's filters under the choices a visitor made before the page's script read the link: each filter the
 * visitor changed from the unfiltered view keeps the visitor's value.
 */
export function underChosen(fromQuery: ChildFilters, chosen: ChildFilters): ChildFilters {
  const pick = <K extends keyof ChildFilters>(key: K) =>
    chosen[key] !== DEFAULT_FILTERS[key] ? chosen[key] : fromQuery[key];
  return { search: pick('search'), age: pick('age'), location: pick('location'), sort: pick('sort') };
}

/** The query string (with its `?`, or '' for the unfiltered view) that holds the filters that differ from the default. */
export function filtersToQuery(filters: ChildFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim() !== '') params.set(QUERY_KEYS.search, filters.search);
  if (filters.age !== DEFAULT_FILTERS.age) params.set(QUERY_KEYS.age, filters.age);
  if (filters.location !== DEFAULT_FILTERS.location) params.set(QUERY_KEYS.location, filters.location);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set(QUERY_KEYS.sort, filters.sort);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The sentences of the result count in the page's language, `{shown}` and `{total}` filled in. */
export type SummaryWords = { none: string; all: string; allOne: string; some: string; someOne: string };

const ENGLISH_SUMMARY: SummaryWords = {
  none: 'No children found',
  all: 'Showing all {total} children',
  allOne: 'Showing all {total} child',
  some: 'Showing {shown} of {total} children',
  someOne: 'Showing {shown} of {total} child',
};

/** The sentence that announces how many children are shown, e.g. "Showing 2 of 4 children". */
export function resultSummary(shown: number, total: number, words: SummaryWords = ENGLISH_SUMMARY): string {
  const text =
    shown === 0
      ? words.none
      : shown === total
        ? total === 1
          ? words.allOne
          : words.all
        : total === 1
          ? words.someOne
          : words.some;
  return text.replace('{shown}', String(shown)).replace('{total}', String(total));
}
