import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { SEARCH_SUGGEST_MIN_LENGTH } from '@bulkparts/shared/search';
import { productQueries } from '../api/product-queries';

const SUGGESTIONS = 6;
const DEBOUNCE_MS = 200;

/** What the combobox's input needs to know about the list. */
export interface SuggestionsState {
  expanded: boolean;
  activeId?: string;
  /** Where Enter goes: the highlighted product's page. */
  activeHref?: string;
}

/** Answers whether it handled the key. */
export type SuggestionKeys = (e: KeyboardEvent<HTMLInputElement>) => boolean;

interface SearchSuggestionsProps {
  text: string;
  focused: boolean;
  optionIdPrefix: string;
  onState: (state: SuggestionsState) => void;
  /** The input's key handler is set here, so the keyboard logic loads with the list. */
  keysRef: RefObject<SuggestionKeys | undefined>;
  onPick: (href: string) => void;
}

/**
 * The top-bar search's options (inside its listbox), loaded once the text first reaches two
 * characters so the first download of every page stays small: after a pause in typing, up to six
 * products (SKU and name) from the catalogue's list read.
 */
export function SearchSuggestions({ text, focused, optionIdPrefix, onState, keysRef, onPick }: SearchSuggestionsProps) {
  const [query, setQuery] = useState('');
  const [closed, setClosed] = useState(false);
  const [active, setActive] = useState(-1);
  const trimmed = text.trim();
  const [seen, setSeen] = useState(trimmed);
  if (seen !== trimmed) {
    // New text: the list opens again with nothing highlighted (set while rendering, not in an effect).
    setSeen(trimmed);
    setClosed(false);
    setActive(-1);
  }

  useEffect(() => {
    const t = setTimeout(() => setQuery(trimmed), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [trimmed]);

  const enabled = query.length >= SEARCH_SUGGEST_MIN_LENGTH;
  const result = useQuery({ ...productQueries.list({ q: query, limit: SUGGESTIONS }), enabled });
  const items = enabled && trimmed.length >= SEARCH_SUGGEST_MIN_LENGTH ? (result.data?.items ?? []) : [];
  const expanded = focused && !closed && items.length > 0;
  const current = expanded && active >= 0 ? items[active] : undefined;
  const optionId = (i: number) => `${optionIdPrefix}${i}`;
  const href = (id: string) => `/productdetails/${id}`;

  useEffect(() => {
    onState({ expanded, activeId: current ? optionId(active) : undefined, activeHref: current ? href(current._id) : undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reported by what it reports, not by the callbacks' identity
  }, [expanded, active, current?._id]);

  const onKey: SuggestionKeys = (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setClosed(false);
      if (!items.length) return true;
      const next = active + (e.key === 'ArrowDown' ? 1 : -1);
      // Past either end the highlight returns to the text (-1), as in the APG combobox example.
      setActive(!expanded ? (e.key === 'ArrowDown' ? 0 : items.length - 1) : next < -1 ? items.length - 1 : next >= items.length ? -1 : next);
      return true;
    }
    if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setClosed(true);
      setActive(-1);
      return true;
    }
    return false;
  };
  useEffect(() => {
    keysRef.current = onKey;
  });

  return items.map((p, i) => (
    <li
      key={p._id}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      className={`flex cursor-pointer flex-col px-3 py-1.5 text-sm ${i === active ? 'bg-neutral text-neutral-content' : 'hover:bg-base-200'}`}
      // mousedown, not click: the input keeps the focus, so its blur does not close the list first.
      onMouseDown={(e) => {
        e.preventDefault();
        onPick(href(p._id));
      }}
      onMouseEnter={() => setActive(i)}
    >
      <span className="font-mono text-xs">{p.sku}</span>
      <span className="truncate">{p.name}</span>
    </li>
  ));
}
