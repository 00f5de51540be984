import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  AGE_GROUPS,
  DEFAULT_FILTERS,
  QUERY_KEYS,
  SORT_KEYS,
  filterChildren,
  filtersFromQuery,
  filtersToQuery,
  hasActiveFilters,
  locationsOf,
  resultSummary,
  underChosen,
  type AgeGroup,
  type ChildFilters,
  type SortKey,
} from '../../lib/children-filter.ts';
import { sponsorHref, type ChildCardData } from '../../lib/children.ts';
import ChildCard from './ChildCard.tsx';
import './ChildrenExplorer.css';

type Props = {
  /** Every child waiting for a sponsor, in the chosen order. */
  cards: ChildCardData[];
};

const AGE_LABELS: Record<AgeGroup, string> = { all: 'All ages', young: '10 and under', teen: 'Over 10' };
const SORT_LABELS: Record<SortKey, string> = {
  name: 'Name',
  age: 'Age (youngest first)',
  need: 'Monthly need (lowest first)',
  location: 'Location',
};

/**
 * Meet Our Children: search, age, location and sort, live on every change, with the grid they filter. The state
 * lives in the query string (replaceState) so a filtered view can be shared; it is read back once hydrated.
 */
export default function ChildrenExplorer({ cards }: Props) {
  const [filters, setFilters] = useState<ChildFilters>(DEFAULT_FILTERS);
  const [ready, setReady] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const id = useId();
  const locations = useMemo(() => locationsOf(cards), [cards]);
  const shown = useMemo(() => filterChildren(cards, filters), [cards, filters]);

  // The server renders the unfiltered grid; a shared link's filters apply once the island runs. A filter chosen
  // before then stays as chosen: a select's first change is replayed by React, and the search box is uncontrolled,
  // so text typed before hydration is still in it and is read here.
  useEffect(() => {
    const typed = search.current?.value ?? '';
    setFilters((chosen) =>
      underChosen(filtersFromQuery(window.location.search, locations), { ...chosen, search: chosen.search || typed }),
    );
    setReady(true);
  }, [locations]);

  // The search box follows the filters when they change other than by typing (a shared link, Clear All Filters).
  useEffect(() => {
    if (search.current && search.current.value !== filters.search) search.current.value = filters.search;
  }, [filters.search]);

  useEffect(() => {
    if (!ready) return;
    const url = new URL(window.location.href);
    // Keep any parameter the filter does not own (campaign tags and the like).
    const params = new URLSearchParams(filtersToQuery(filters));
    const owned: string[] = Object.values(QUERY_KEYS);
    for (const [key, value] of url.searchParams) {
      if (!owned.includes(key)) params.append(key, value);
    }
    const query = params.toString();
    const next = `${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
    if (next !== `${url.pathname}${url.search}${url.hash}`) window.history.replaceState(window.history.state, '', next);
  }, [filters, ready]);

  const clearAll = () => {
    setFilters({ ...DEFAULT_FILTERS });
    // The button that was pressed may disappear with the empty state; keep focus in the filters.
    search.current?.focus();
  };

  const update = <K extends keyof ChildFilters>(key: K, value: ChildFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  return (
    <div className="children-explorer">
      <form
        className="children-filters"
        role="search"
        aria-label="Find a child"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field children-filters__search">
          <label htmlFor={`${id}-search`}>Search</label>
          <input
            ref={search}
            id={`${id}-search`}
            type="search"
            name="q"
            defaultValue={DEFAULT_FILTERS.search}
            placeholder="Name, dream job or location"
            autoComplete="off"
            onChange={(event) => update('search', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-age`}>Age</label>
          <select
            id={`${id}-age`}
            name="age"
            value={filters.age}
            onChange={(event) => update('age', event.target.value as AgeGroup)}
          >
            {AGE_GROUPS.map((age) => (
              <option key={age} value={age}>
                {AGE_LABELS[age]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-location`}>Location</label>
          <select
            id={`${id}-location`}
            name="location"
            value={filters.location}
            onChange={(event) => update('location', event.target.value)}
          >
            <option value="">All locations</option>
            {locations.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            name="sort"
            value={filters.sort}
            onChange={(event) => update('sort', event.target.value as SortKey)}
          >
            {SORT_KEYS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      </form>

      {/* The empty state says it on screen; the status still announces it. */}
      <p
        className={shown.length === 0 ? 'visually-hidden' : 'children-explorer__count'}
        role="status"
        aria-live="polite"
      >
        {resultSummary(shown.length, cards.length)}
      </p>

      {shown.length > 0 ? (
        <ul className="grid plain-list children-explorer__grid">
          {shown.map((child) => (
            <li key={child.id}>
              <ChildCard
                child={child}
                className="child-card--linked"
                action={
                  <a className="button child-card__action" href={sponsorHref(child.id)}>
                    Sponsor {child.name.split(' ')[0]}
                  </a>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="children-explorer__empty">
          <h3>No children found</h3>
          <p>Try adjusting your search criteria or clearing the filters to see every child.</p>
          <button type="button" className="button button--secondary" onClick={clearAll}>
            Clear All Filters
          </button>
        </div>
      )}
      {hasActiveFilters(filters) && shown.length > 0 && (
        <p className="children-explorer__reset">
          <button type="button" className="button button--ghost" onClick={clearAll}>
            Clear All Filters
          </button>
        </p>
      )}
    </div>
  );
}
