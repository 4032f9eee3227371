import { LockKeyhole } from 'lucide-react';
import { useNavigate } from 'react-router';
import { GST_PERCENT } from '@quizcast/contract/constants';
import { formatRupees } from '@quizcast/contract/domain/price';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { rupeesToPaise } from '@quizcast/contract/schemas/payment';
import { Button } from '../../../components/ui/button';
import { useUnlockPayment, type UnlockableQuiz } from '../hooks/use-unlock-payment';
import { PaymentDialog } from './payment-dialog';
import { useT } from '../../../i18n/use-t';
import { paymentsCatalog } from '../messages/catalog';

/**
 * "Unlock Quiz for ₹10" with "+ gst 18%" (spec: quiz intro), and the payment dialog it opens.
 * The intro page renders this for a locked quiz; `onUnlocked` lets it refresh once paid.
 */
export function UnlockQuiz({ quiz, onUnlocked }: { quiz: UnlockableQuiz; onUnlocked(): void }) {
  const navigate = useNavigate();
  const t = useT(paymentsCatalog);
  const { phase, open, setOpen, openDialog, pay, retry } = useUnlockPayment(quiz);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && phase.name === 'success') onUnlocked();
  };

  return (
    <>
      <Button variant="accent" className="w-full sm:w-auto" onClick={openDialog}>
        <LockKeyhole className="size-4" aria-hidden="true" />
        <span>
          {t('payments.unlockFor', { price: formatRupees(rupeesToPaise(quiz.price) ?? 0) })}{' '}
          <span className="font-normal">{t('payments.plusGst', { percent: GST_PERCENT })}</span>
        </span>
      </Button>
      <PaymentDialog
        quiz={quiz}
        phase={phase}
        open={open}
        onOpenChange={onOpenChange}
        onPay={() => void pay()}
        onRetry={retry}
        onStartQuiz={() => {
          setOpen(false);
          onUnlocked();
          navigate(WEB_ROUTES.quizAttend, { state: { quizId: quiz._id } });
        }}
      />
    </>
  );
}
