import { useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { remindersCatalog } from '../messages/catalog';

/**
 * The daily five's reminder time (issue 28), IST, 07:00–21:59: quiet hours (22:00–07:00) cannot be
 * chosen. Saved when the field is left with a new valid time.
 */
export function DailyFiveTime({
  value,
  disabled,
  onSave,
}: {
  value: string;
  disabled: boolean;
  onSave(at: string): void;
}) {
  const t = useT(remindersCatalog);
  const id = useId();
  const [at, setAt] = useState(value);
  const valid = /^(0[7-9]|1\d|2[01]):[0-5]\d$/.test(at);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {t('reminders.dailyFiveAt')}
      </label>
      <input
        id={id}
        type="time"
        min="07:00"
        max="21:59"
        step={60}
        value={at}
        disabled={disabled}
        aria-invalid={!valid}
        aria-describedby={`${id}-hint`}
        className="min-h-11 rounded-lg border border-slate-400 px-3 text-base text-slate-900"
        onChange={(e) => setAt(e.target.value)}
        onBlur={() => valid && at !== value && onSave(at)}
      />
      <p id={`${id}-hint`} className={valid ? 'text-sm text-slate-700' : 'text-sm text-red-800'}>
        {t('reminders.dailyFiveAtHint')}
      </p>
    </div>
  );
}
