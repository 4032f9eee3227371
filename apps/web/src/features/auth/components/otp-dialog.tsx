import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { DevOutboxBanner } from './dev-outbox-banner';
import { OtpInput } from './otp-input';
import { ResendOtpButton } from './resend-otp-button';

/** Register's "Enter Otp" dialog: the number with Change It, six boxes, resend, Cancel and Confirm. */
export function OtpDialog({
  open,
  phNo,
  sendCount,
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
  useEffect(() => {
    if (open) setTimeout(() => inputRef.current?.focus(), 0);
  }, [open, sendCount]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !confirming && onCancel()}
      title="Enter Otp"
      dismissible={!confirming}
      description={
        <span>
          We sent a 6-digit code to <strong className="text-slate-900">+91 {phNo}</strong>.{' '}
          <button
            type="button"
            onClick={onChangeNumber}
            disabled={confirming}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            Change It
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
        <OtpInput ref={inputRef} value={otp} onChange={onOtpChange} disabled={confirming} />
        <DevOutboxBanner phNo={phNo} sendCount={sendCount} />
        <ResendOtpButton remaining={resendRemaining} sending={resending} onResend={onResend} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={confirming}>
            Cancel
          </Button>
          <Button type="submit" disabled={otp.length !== 6} loading={confirming}>
            Confirm
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
