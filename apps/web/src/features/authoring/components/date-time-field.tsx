import { useId } from 'react';
import { controlBorder } from '../../../components/ui/field-styles';
import { useLanguage, useT } from '../../../i18n/use-t';
import { browserZone, formatIst, fromLocalInput, nowLocalInput } from '../../../lib/date-time';
import { authoringCatalog } from '../messages/catalog';

/**
 * A date-time picker in the admin's own time zone, with the chosen moment repeated in IST so a
 * schedule for Indian students is never misread.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
  disabled,
  withNow = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
  withNow?: boolean;
}) {
  const id = useId();
  const iso = fromLocalInput(value);
  const t = useT(authoringCatalog);
  const language = useLanguage();
  const zone = browserZone() ?? t('authoring.dateTime.localTime');
  return (
    // min-w-0: a grid cell, and Chromium's date-time input would widen it past a 360 px phone.
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={`block min-h-11 w-full min-w-0 rounded-xl border bg-white px-3 py-2.5 text-base text-slate-900 disabled:bg-slate-100 disabled:text-slate-500 ${controlBorder(error)}`}
        />
        {withNow && !disabled && (
          <button
            type="button"
            onClick={() => onChange(nowLocalInput())}
            className="min-h-11 shrink-0 rounded-xl px-3 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
            aria-label={t('authoring.dateTime.setNow', { label })}
          >
            {t('authoring.dateTime.now')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {iso
          ? t('authoring.dateTime.zoneWithIst', { ist: formatIst(iso, language), zone })
          : t('authoring.dateTime.zone', { zone })}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
