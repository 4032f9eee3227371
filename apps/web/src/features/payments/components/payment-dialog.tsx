import { AlertCircle, CheckCircle2, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { rupeesToPaise } from '@quizcast/contract/schemas/payment';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { formatRupees } from '@quizcast/contract/domain/price';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { PaymentPhase, UnlockableQuiz } from '../hooks/use-unlock-payment';
import { paymentMessage } from '../hooks/use-unlock-payment';
import { useT } from '../../../i18n/use-t';
import { paymentsCatalog } from '../messages/catalog';
import { PriceBreakdown } from './price-breakdown';

/**
 * The payment dialog (spec section 4): idle, then success ("Start Quiz Now", as on the intro of an unlocked quiz) or error ("Try Again").
 * While the gateway's checkout is open the dialog steps aside, so the two never fight over focus.
 */
export function PaymentDialog({
  quiz,
  phase,
  open,
  onOpenChange,
  onPay,
  onRetry,
  onStartQuiz,
}: {
  quiz: UnlockableQuiz;
  phase: PaymentPhase;
  open: boolean;
  onOpenChange(open: boolean): void;
  onPay(): void;
  onRetry(): void;
  onStartQuiz(): void;
}) {
  const basePaise = rupeesToPaise(quiz.price) ?? 0;
  const totalPaise = rupeesToPaise(quiz.priceWithGst) ?? 0;
  const busy = phase.name === 'starting' || phase.name === 'verifying';
  const t = useT(paymentsCatalog);

  return (
    <Dialog
      open={open && phase.name !== 'checkout'}
      onOpenChange={onOpenChange}
      title={t('payments.dialog.title')}
      description={quiz.name}
      dismissible={!busy}
      onCloseAutoFocus={(event) => {
        // Handing over to the checkout: focus goes to it, not back to the Unlock button.
        if (phase.name === 'checkout') event.preventDefault();
      }}
    >
      {(phase.name === 'idle' || phase.name === 'starting') && (
        <div className="space-y-4">
          <PriceBreakdown basePaise={basePaise} gstPaise={totalPaise - basePaise} totalPaise={totalPaise} />
          <p className="flex items-start gap-2 text-sm text-slate-600">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            {t('payments.dialog.onePayment')}
          </p>
          <Button className="w-full" loading={phase.name === 'starting'} onClick={onPay}>
            {phase.name === 'starting'
              ? t('payments.dialog.opening')
              : t('payments.dialog.pay', { amount: formatRupees(totalPaise) })}
          </Button>
        </div>
      )}

      {phase.name === 'verifying' && (
        <div className="flex items-center gap-3 py-4 text-sm text-slate-700" aria-live="polite">
          <Spinner label={t('payments.dialog.verifying')} />
          {t('payments.dialog.confirming')}
        </div>
      )}

      {phase.name === 'checking' && (
        <div className="space-y-2 py-2" aria-live="polite">
          <div className="flex items-center gap-3 text-sm font-medium text-slate-800">
            <Spinner label={t('payments.dialog.checkingLabel')} />
            {t('payments.dialog.checking')}
          </div>
          <p className="text-sm text-slate-600">{t('payments.dialog.checkingText')}</p>
        </div>
      )}

      {phase.name === 'success' && (
        <div className="space-y-4 text-center">
          <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden="true" />
          <p role="status" className="font-semibold text-slate-900">
            {t('payments.message.success')}
          </p>
          <Button className="w-full" onClick={onStartQuiz} autoFocus>
            {t('payments.dialog.startQuiz')}
          </Button>
          <Link
            to={WEB_ROUTES.payment}
            className="inline-block text-sm font-medium text-brand-800 underline underline-offset-2"
          >
            {t('payments.dialog.viewPayments')}
          </Link>
        </div>
      )}

      {phase.name === 'error' && (
        <div className="space-y-4">
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {paymentMessage(phase.message, t)}
          </p>
          <Button className="w-full" onClick={onRetry} autoFocus>
            {t('payments.dialog.tryAgain')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
