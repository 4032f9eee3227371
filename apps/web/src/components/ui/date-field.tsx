import { useId, useState, type InputHTMLAttributes } from 'react';
import { formatDate } from '../../i18n/format';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useLanguage, useT } from '../../i18n/use-t';
import { controlBorder } from './field-styles';

export interface DateFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> {
  label: string;
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
}

/** A `YYYY-MM-DD` value as a date on this device's calendar (not midnight UTC). */
function localDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

/**
 * A date field in the language on screen (issue 30, defect 14): the browser's date input keeps its
 * calendar picker, but the text it shows follows the browser's own locale ("mm/dd/yyyy" on a Hindi
 * screen). While the field is not being edited, its text is hidden (index.css, `[data-date-field]`)
 * and the date, or "dd/mm/yyyy" / "दिन/महीना/साल", shows over it in the language on screen.
 */
export function DateField({ label, value, id, className = '', onFocus, onBlur, ...rest }: DateFieldProps) {
  const t = useT(commonCatalog);
  const language = useLanguage();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [editing, setEditing] = useState(false);
  const day = localDay(value);
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type="date"
          value={value}
          data-date-field={editing ? 'editing' : 'shown'}
          onFocus={(event) => {
            setEditing(true);
            onFocus?.(event);
          }}
          onBlur={(event) => {
            setEditing(false);
            onBlur?.(event);
          }}
          className={`block min-h-11 w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 ${controlBorder()}`}
          {...rest}
        />
        {!editing && (
          <span
            aria-hidden="true"
            data-testid="date-field-text"
            className={`pointer-events-none absolute inset-y-0 left-0 flex items-center px-3.5 text-base ${day ? 'text-slate-900' : 'text-slate-500'}`}
          >
            {day ? formatDate(day, language) : t('common.date.placeholder')}
          </span>
        )}
      </div>
    </div>
  );
}
