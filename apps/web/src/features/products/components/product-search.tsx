import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_SUGGEST_MIN_LENGTH, SEARCH_TEXT_MAX_LENGTH } from '@bulkparts/shared/search';
import type { SuggestionKeys, SuggestionsState } from './search-suggestions';

const SearchSuggestions = lazy(() => import('./search-suggestions').then((m) => ({ default: m.SearchSuggestions })));

const magnifier = (size: number) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="11" cy="11" r="7" />
    <path d="M21 21l-4.3-4.3" />
  </svg>
);

/**
 * The top bar's catalogue search, an ARIA combobox with list autocomplete: arrows move through the
 * suggestions, Enter opens the highlighted product or, with none highlighted, the catalogue
 * searched for the text (`/products?q=`); Escape closes the list. It is in the first download of
 * every page, so this part is only the input: the suggestions and their keys load on first use.
 * On a phone it folds into an icon that opens a full-width row under the bar.
 */
export function ProductSearch() {
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const keysRef = useRef<SuggestionKeys>(undefined);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [used, setUsed] = useState(false);
  const [list, setList] = useState<SuggestionsState>({ expanded: false });
  const [phoneOpen, setPhoneOpen] = useState(false);

  const go = (to: string) => {
    setText('');
    setPhoneOpen(false);
    inputRef.current?.blur();
    navigate(to);
  };

  return (
    <div className="flex justify-end">
      <button
        type="button"
        className="btn btn-ghost btn-square sm:hidden"
        aria-label="Search"
        aria-expanded={phoneOpen}
        aria-controls={`${id}-form`}
        onClick={() => {
          setPhoneOpen(!phoneOpen);
          if (!phoneOpen) setTimeout(() => inputRef.current?.focus());
        }}
      >
        {magnifier(18)}
      </button>
      <form
        id={`${id}-form`}
        role="search"
        className={`${phoneOpen ? 'fixed inset-x-0 top-16 block bg-base-100 p-2 shadow-md' : 'hidden'} z-40 sm:relative sm:inset-auto sm:top-auto sm:block sm:p-0 sm:shadow-none`}
        onSubmit={(e) => {
          e.preventDefault();
          if (list.activeHref) go(list.activeHref);
          else if (text.trim()) go(`/products?${new URLSearchParams({ q: text.trim() })}`);
        }}
      >
        <label className="input input-sm input-bordered flex w-full items-center gap-2 sm:w-56 xl:w-72">
          <span className="sr-only">Search the catalogue</span>
          {magnifier(14)}
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            enterKeyHint="search"
            autoComplete="off"
            className="grow"
            placeholder="Part name or SKU"
            maxLength={SEARCH_TEXT_MAX_LENGTH}
            value={text}
            aria-autocomplete="list"
            aria-expanded={list.expanded}
            aria-controls={`${id}-list`}
            aria-activedescendant={list.activeId}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim().length >= SEARCH_SUGGEST_MIN_LENGTH) setUsed(true);
            }}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onKeyDown={(e) => {
              if (!keysRef.current?.(e) && e.key === 'Escape' && phoneOpen) setPhoneOpen(false);
            }}
          />
        </label>
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Suggested products"
          hidden={!list.expanded}
          className="absolute inset-x-2 top-full z-50 mt-1 overflow-hidden rounded-box bg-base-100 py-1 shadow-lg sm:right-0 sm:left-auto sm:w-80"
        >
          {used && (
            <Suspense fallback={null}>
              <SearchSuggestions text={text} focused={focused} optionIdPrefix={`${id}-option-`} onState={setList} keysRef={keysRef} onPick={go} />
            </Suspense>
          )}
        </ul>
      </form>
    </div>
  );
}
