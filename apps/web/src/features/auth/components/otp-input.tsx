import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import { forwardRef, useId, type ClipboardEvent } from 'react';
import { OTP_DIGITS } from '@quizcast/contract/constants';
import { useT } from '../../../i18n/use-t';
import { pastedOtp } from '../input-format';
import { authCatalog } from '../messages/catalog';

function Slot({ char, isActive, hasFakeCaret }: SlotProps) {
  return (
    <div
      className={`relative grid h-12 w-11 place-items-center rounded-xl border-2 bg-white text-xl font-bold text-slate-900 transition-colors sm:h-14 sm:w-12 ${
        isActive ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-500'
      }`}
      data-testid="otp-slot"
    >
      {char}
      {hasFakeCaret && (
        <span className="pointer-events-none absolute inset-0 grid place-items-center" aria-hidden="true">
          <span className="h-6 w-px animate-pulse bg-slate-900" />
        </span>
      )}
    </div>
  );
}

/** Six single-digit boxes (digits only), one real input underneath for keyboards, SMS autofill and screen readers. */
export const OtpInput = forwardRef<
  HTMLInputElement,
  { value: string; onChange(value: string): void; disabled?: boolean; label?: string; autoFocus?: boolean }
>(function OtpInput({ value, onChange, disabled, label, autoFocus }, ref) {
  const id = useId();
  const t = useT(authCatalog);
  const onPasteCapture = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const code = pastedOtp(event.clipboardData.getData('text/plain'));
    if (code) onChange(code);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-slate-800">
        {label ?? t('auth.otp.label')}
      </label>
      <div onPasteCapture={onPasteCapture}>
        <OTPInput
          ref={ref}
          id={id}
          value={value}
          onChange={onChange}
          maxLength={OTP_DIGITS}
          pattern={REGEXP_ONLY_DIGITS}
          inputMode="numeric"
          autoComplete="one-time-code"
          disabled={disabled}
          autoFocus={autoFocus}
          containerClassName="flex items-center justify-between gap-2 has-[:disabled]:opacity-60 sm:justify-start"
          render={({ slots }) => (
            <>
              {slots.map((slot, index) => (
                <Slot key={index} {...slot} />
              ))}
            </>
          )}
        />
      </div>
    </div>
  );
});
