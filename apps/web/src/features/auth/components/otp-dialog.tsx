import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { InlineStatus, type InlineStatusValue } from '../../../components/ui/inline-status';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { richText, useT } from '../../../i18n/use-t';
import { authCatalog } from '../messages/catalog';
import { DevOutboxBanner } from './dev-outbox-banner';
import { OtpInput } from './otp-input';
import { ResendOtpButton } from './resend-otp-button';

/** Register's "Enter Otp" dialog: the number with Change It, six boxes, resend, Cancel and Confirm. */
export function OtpDialog({
  open,
  phNo,
  sendCount,
  sent,
  otp,
  onOtpChange,
  onChangeNumber,
  onCancel,
  onConfirm,
  confirming,
  resendRemaining,
  resending,
  onResend,
}: {
  open: boolean;
  phNo: string;
  sendCount: number | null;
  /** "OTP sent", said beside the boxes. */
  sent: InlineStatusValue | null;
  otp: string;
  onOtpChange(value: string): void;
  onChangeNumber(): void;
  onCancel(): void;
  onConfirm(): void;
  confirming: boolean;
  resendRemaining: number;
  resending: boolean;
  onResend(): void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const t = useT(authCatalog);
  const tCommon = useT(commonCatalog);
  useEffect(() => {
    if (open) setTimeout(() => inputRef.current?.focus(), 0);
  }, [open, sendCount]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !confirming && onCancel()}
      title={t('auth.otp.title')}
      dismissible={!confirming}
      description={
        <span>
          {richText(t('auth.otp.sentTo', { phNo }), { 0: <strong className="text-slate-900" /> })}{' '}
          <button
            type="button"
            onClick={onChangeNumber}
            disabled={confirming}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            {t('auth.otp.changeIt')}
          </button>
        </span>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (otp.length === 6) onConfirm();
        }}
      >
        <div>
          <OtpInput ref={inputRef} value={otp} onChange={onOtpChange} disabled={confirming} />
          <InlineStatus status={sent} />
        </div>
        <DevOutboxBanner phNo={phNo} sendCount={sendCount} />
        <ResendOtpButton remaining={resendRemaining} sending={resending} onResend={onResend} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={confirming}>
            {tCommon('common.cancel')}
          </Button>
          <Button type="submit" disabled={otp.length !== 6} loading={confirming}>
            {tCommon('common.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
