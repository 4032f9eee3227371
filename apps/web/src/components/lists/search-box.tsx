import { Search } from 'lucide-react';
import { useId } from 'react';

/** A labelled search input (the list filters as you type; the hook debounces). */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder ?? label}
        className="block min-h-11 w-full rounded-xl border border-slate-500 bg-white py-2.5 pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500"
      />
    </div>
  );
}
