import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Page and search term kept in the URL (so a reload or a shared link shows the same rows), with
 * the search debounced while typing and the page reset when the term changes.
 */
export function useSearchPaging(prefix = '') {
  const [params, setParams] = useSearchParams();
  const pageKey = `${prefix}page`;
  const searchKey = `${prefix}q`;
  const page = Math.max(1, Number(params.get(pageKey)) || 1);
  const searchTerm = params.get(searchKey) ?? '';
  const [input, setInput] = useState(searchTerm);

  useEffect(() => {
    if (input === searchTerm) return;
    const timer = setTimeout(() => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (input) next.set(searchKey, input);
          else next.delete(searchKey);
          next.delete(pageKey);
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, searchTerm, setParams, searchKey, pageKey]);

  const setPage = (next: number) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (next > 1) copy.set(pageKey, String(next));
        else copy.delete(pageKey);
        return copy;
      },
      { replace: true },
    );

  return { page, searchTerm: searchTerm.trim() || undefined, input, setInput, setPage };
}
