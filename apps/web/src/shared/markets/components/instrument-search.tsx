/**
 * A search box over the instrument catalog (GET /api/market-data-info/instruments?q=), as an ARIA combobox
 * (WAI-ARIA Authoring Practices, "combobox with listbox popup"): typing lists matches, arrow keys move through
 * them, Enter chooses, Escape closes. Used by the trading page to switch product and by the market page.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductId } from '@tessera/contracts';
import { SearchIcon } from '@tessera/ui';
import { instrumentSearchQueryOptions, INSTRUMENT_SEARCH_MAX_CHARS } from '../api/search-instruments.ts';
import { useMarketCalls } from '../api/markets-request.ts';
import { formatInstrumentName, formatVenue } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** How long typing must pause before the catalog is asked. */
const SEARCH_DEBOUNCE_MS = 200;

export interface InstrumentSearchProps {
  label: string;
  placeholder: string;
  noResults: string;
  onChoose: (productId: ProductId) => void;
  /** Text read after each option's name, e.g. its kind and venue. */
  describe?: (option: { kind: string; source: string; currency: string }) => string;
}

export function InstrumentSearch({
  label,
  placeholder,
  noResults,
  onChoose,
  describe,
}: InstrumentSearchProps) {
  const id = useId();
  const search = useInstrumentSearch(onChoose);
  const { options, active, expanded } = search;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="mkt-search">
      <label htmlFor={`${id}-input`} className="mkt-search__label">
        {label}
      </label>
      <div className="mkt-search__field">
        <SearchIcon aria-hidden="true" />
        <input
          id={`${id}-input`}
          className="mkt-search__input"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
          value={search.text}
          placeholder={placeholder}
          maxLength={INSTRUMENT_SEARCH_MAX_CHARS}
          autoComplete="off"
          onChange={(event) => search.type(event.target.value)}
          onFocus={() => search.setOpen(true)}
          onBlur={() => setTimeout(() => search.setOpen(false), 150)}
          onKeyDown={search.onKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={label} className="mkt-search__list" hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="mkt-search__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => search.choose(option.id)}
          >
            <span className="mkt-search__symbol">{option.symbol}</span>
            <span className="mkt-search__name">
              {formatInstrumentName(option, option.id, currentLanguage())}
            </span>
            <span className="mkt-search__meta">
              {describe
                ? describe({ ...option, source: formatVenue(option.source) })
                : formatVenue(option.source)}
            </span>
          </li>
        ))}
        {expanded && options.length === 0 ? (
          <li className="mkt-search__empty" role="option" aria-selected={false} aria-disabled="true">
            {noResults}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The text typed, the debounced query and its matches, the active option, and the keys that move through them. */
function useInstrumentSearch(onChoose: (productId: ProductId) => void) {
  const calls = useMarketCalls();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(text);
      setActive(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery(instrumentSearchQueryOptions(calls.info, query));
  const options = query.trim() === '' ? [] : (results.data ?? []);
  const expanded = open && query.trim() !== '' && (options.length > 0 || results.isSuccess);

  const choose = (productId: ProductId) => {
    onChoose(productId);
    setText('');
    setQuery('');
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((current) => Math.min(current + 1, Math.max(options.length - 1, 0)));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => Math.max(current - 1, 0));
    } else if (event.key === 'Enter') {
      const option = options[active];
      if (expanded && option) {
        event.preventDefault();
        choose(option.id);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };
  const type = (value: string) => {
    setText(value);
    setOpen(true);
  };
  return { text, type, setOpen, options, active, expanded, choose, onKeyDown };
}
