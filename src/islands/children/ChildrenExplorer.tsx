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
import { wordsT, type Words } from '../../i18n/words.ts';
import ChildCard from './ChildCard.tsx';
import './ChildrenExplorer.css';

type Props = {
  /** Every child waiting for a sponsor, in the chosen order. */
  cards: ChildCardData[];
  /** The page's language and the words of the filters (`childrenFilter.`) and cards (`childCard.`). */
  locale: string;
  words: Words;
  /** The Sponsor page in the page's language, which each card's button leads to. */
  sponsorPage: string;
};

const AGE_LABELS = {
  all: 'childrenFilter.ageAll',
  young: 'childrenFilter.ageYoung',
  teen: 'childrenFilter.ageTeen',
} as const satisfies Record<AgeGroup, string>;
const SORT_LABELS = {
  name: 'childrenFilter.sortName',
  age: 'childrenFilter.sortAge',
  need: 'childrenFilter.sortNeed',
  location: 'childrenFilter.sortLocation',
} as const satisfies Record<SortKey, string>;

/**
 * Meet Our Children: search, age, location and sort, live on every change, with the grid they filter. The state
 * lives in the query string (replaceState) so a filtered view can be shared; it is read back once hydrated.
 */
export default function ChildrenExplorer({ cards, locale, words, sponsorPage }: Props) {
  const t = wordsT(words);
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
        aria-label={t('childrenFilter.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field children-filters__search">
          <label htmlFor={`${id}-search`}>{t('childrenFilter.search')}</label>
          <input
            ref={search}
            id={`${id}-search`}
            type="search"
            name="q"
            defaultValue={DEFAULT_FILTERS.search}
            placeholder={t('childrenFilter.placeholder')}
            autoComplete="off"
            onChange={(event) => update('search', event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-age`}>{t('childrenFilter.age')}</label>
          <select
            id={`${id}-age`}
            name="age"
            value={filters.age}
            onChange={(event) => update('age', event.target.value as AgeGroup)}
          >
            {AGE_GROUPS.map((age) => (
              <option key={age} value={age}>
                {t(AGE_LABELS[age])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-location`}>{t('childrenFilter.location')}</label>
          <select
            id={`${id}-location`}
            name="location"
            value={filters.location}
            onChange={(event) => update('location', event.target.value)}
          >
            <option value="">{t('childrenFilter.locationAll')}</option>
            {locations.map((location) => (
              <option key={location} value={location}>
                {location}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>{t('childrenFilter.sort')}</label>
          <select
            id={`${id}-sort`}
            name="sort"
            value={filters.sort}
            onChange={(event) => update('sort', event.target.value as SortKey)}
          >
            {SORT_KEYS.map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_LABELS[sort])}
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
        {resultSummary(shown.length, cards.length, {
          none: t('childrenFilter.none'),
          all: t('childrenFilter.all', { total: '{total}' }),
          allOne: t('childrenFilter.allOne', { total: '{total}' }),
          some: t('childrenFilter.some', { shown: '{shown}', total: '{total}' }),
          someOne: t('childrenFilter.someOne', { shown: '{shown}', total: '{total}' }),
        })}
      </p>

      {shown.length > 0 ? (
        <ul className="grid plain-list children-explorer__grid">
          {shown.map((child) => (
            <li key={child.id}>
              <ChildCard
                child={child}
                locale={locale}
                words={words}
                className="child-card--linked"
                action={
                  <a className="button child-card__action" href={sponsorHref(child.id, sponsorPage)}>
                    {t('childCard.sponsor', { name: child.name.split(' ')[0] ?? child.name })}
                  </a>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="children-explorer__empty">
          <h3>{t('childrenFilter.none')}</h3>
          <p>{t('childrenFilter.emptyText')}</p>
          <button type="button" className="button button--secondary" onClick={clearAll}>
            {t('childrenFilter.clear')}
          </button>
        </div>
      )}
      {hasActiveFilters(filters) && shown.length > 0 && (
        <p className="children-explorer__reset">
          <button type="button" className="button button--ghost" onClick={clearAll}>
            {t('childrenFilter.clear')}
          </button>
        </p>
      )}
    </div>
  );
}
