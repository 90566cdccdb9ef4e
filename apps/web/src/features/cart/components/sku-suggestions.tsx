import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SEARCH_SUGGEST_MIN_LENGTH } from '@bulkparts/shared/search';
import { productQueries } from '@/features/products/api/product-queries';

const SUGGESTIONS = 6;
const DEBOUNCE_MS = 200;

/**
 * The SKU fields' suggestions: a `<datalist>` (the browser's own accessible autocomplete) filled,
 * after a pause in typing, with the same read as the top-bar search's (`productQueries.list` with
 * `limit=6`, from two characters): each option's value is the SKU, its label the name.
 */
export function SkuSuggestions({ id, text }: { id: string; text: string }) {
  const trimmed = text.trim();
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(trimmed), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [trimmed]);
  const enabled = query.length >= SEARCH_SUGGEST_MIN_LENGTH;
  const result = useQuery({ ...productQueries.list({ q: query, limit: SUGGESTIONS }), enabled });
  const items = enabled ? (result.data?.items ?? []) : [];
  return (
    <datalist id={id}>
      {items.map((p) => (
        <option key={p._id} value={p.sku} label={p.name} />
      ))}
    </datalist>
  );
}
