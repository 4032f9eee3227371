import { RotateCw } from 'lucide-react';
import { useT } from '../../../i18n/use-t';
import { authCatalog } from '../messages/catalog';

/** "Resend OTP", disabled with a visible countdown until another code may be requested. */
export function ResendOtpButton({
  remaining,
  sending,
  onResend,
}: {
  remaining: number;
  sending: boolean;
  onResend(): void;
}) {
  const t = useT(authCatalog);
  const waiting = remaining > 0;
  return (
    <button
      type="button"
      onClick={onResend}
      disabled={waiting || sending}
      aria-live="polite"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
    >
      <RotateCw className={`size-4 ${sending ? 'animate-spin' : ''}`} aria-hidden="true" />
      {waiting ? t('auth.otp.resendIn', { seconds: remaining }) : t('auth.otp.resend')}
    </button>
  );
}
