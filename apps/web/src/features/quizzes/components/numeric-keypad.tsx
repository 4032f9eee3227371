import { Delete } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import type { KeypadKey } from '../lib/keypad-edit';

const DIGITS = ['7', '8', '9', '4', '5', '6', '1', '2', '3'] as const;
const key =
  'min-h-11 min-w-11 rounded-xl bg-white text-lg font-semibold text-slate-900 ring-1 ring-slate-300 ' +
  'hover:bg-slate-50 active:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-brand-700 disabled:opacity-50';

/**
 * The NTA on-screen keypad of a numeric question (issue 26), beside the phone's own keyboard: real
 * buttons (Tab and Enter or Space reach and press them), each named for a screen reader in the
 * chosen language. The keys do not take focus away from the page's order: they follow the box.
 */
export function NumericKeypad({ disabled, onKey }: { disabled?: boolean; onKey(key: KeypadKey): void }) {
  const t = useT(attemptCatalog);
  const button = (value: KeypadKey, label: string, content: ReactNode = value, extra = '') => (
    <button
      key={value}
      type="button"
      className={`${key} ${extra}`}
      aria-label={label}
      disabled={disabled}
      onClick={() => onKey(value)}
    >
      {content}
    </button>
  );
  return (
    <div role="group" aria-label={t('attempt.keypad.label')} className="mt-3 grid max-w-xs grid-cols-4 gap-2">
      <div className="col-span-3 grid grid-cols-3 gap-2">
        {DIGITS.map((d) => button(d, d))}
        {button('0', '0', '0')}
        {button('.', t('attempt.keypad.decimal'), '.')}
        {button('-', t('attempt.keypad.minus'), '−')}
      </div>
      <div className="grid gap-2">
        {button(
          'backspace',
          t('attempt.keypad.backspace'),
          <Delete className="mx-auto size-5" aria-hidden="true" />,
        )}
        {button('clear', t('attempt.keypad.clear'), t('attempt.keypad.clearShort'), 'text-base')}
      </div>
    </div>
  );
}
