import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import { ReceiptIndianRupee } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { GST_PERCENT } from '@quizcast/contract/constants';
import { formatRupees } from '@quizcast/contract/domain/price';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import type { PaymentReceipt, PaymentStatus } from '@quizcast/contract/schemas/payment';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { getPaymentStatus } from '../api/payment-status';
import { paymentsQueryOptions, usePayments } from '../api/payments';
import { PAYMENT_UI_MESSAGES } from '../hooks/use-unlock-payment';
import { clearPendingPayment } from '../lib/pending-payment';

dayjs.extend(advancedFormat);

const STATUS: Record<PaymentStatus, { label: string; tone: 'green' | 'amber' | 'red' }> = {
  success: { label: 'Success', tone: 'green' },
  pending: { label: 'Pending', tone: 'amber' },
  failed: { label: 'Failed', tone: 'red' },
};

function PaymentCard({ payment }: { payment: PaymentReceipt }) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const status = STATUS[payment.status];

  const recheck = async () => {
    setChecking(true);
    try {
      const { payment: latest } = await getPaymentStatus(payment._id);
      if (latest.status !== 'pending') clearPendingPayment(payment._id);
      if (latest.status === 'success') toast.success(PAYMENT_UI_MESSAGES.success);
      else if (latest.status === 'failed') toast.error(PAYMENT_UI_MESSAGES.recheckedFailed);
      else toast.info('Still waiting for the payment to be confirmed');
      await queryClient.invalidateQueries({ queryKey: paymentsQueryOptions().queryKey });
    } catch (err) {
      toast.error(errorMessage(err, PAYMENT_UI_MESSAGES.statusCheckFailed));
    } finally {
      setChecking(false);
    }
  };

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <article aria-labelledby={`payment-${payment._id}`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`payment-${payment._id}`} className="font-semibold text-slate-900">
              {payment.quizName}
            </h2>
            <p className="text-sm text-slate-600">
              <time dateTime={payment.createdAt}>
                {dayjs(payment.createdAt).format('Do MMM YYYY, h:mm A')}
              </time>
            </p>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-600">Amount</dt>
            <dd className="font-medium text-slate-900">{formatRupees(payment.basePaise)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">GST ({GST_PERCENT}%)</dt>
            <dd className="font-medium text-slate-900">{formatRupees(payment.gstPaise)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Total</dt>
            <dd className="font-bold text-slate-900">{formatRupees(payment.amountPaise)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm break-all text-slate-600">
          Order {payment.orderId}
          {payment.providerPaymentId ? ` · Payment ${payment.providerPaymentId}` : ''}
        </p>
        {payment.status === 'pending' && (
          <Button variant="secondary" className="mt-3" loading={checking} onClick={() => void recheck()}>
            Check status
          </Button>
        )}
        {payment.status === 'success' && (
          <Link
            to={webPath.quizIntro(payment.quizId)}
            className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            Open quiz
          </Link>
        )}
      </article>
    </li>
  );
}

/** `/payment`: the learner's payments and receipts (amount, 18% GST, total, status, date). */
export function PaymentsPage() {
  const { data, isPending, isError, error, refetch } = usePayments();

  return (
    <section aria-labelledby="payments-heading" className="space-y-4">
      <h1 id="payments-heading" className="text-2xl font-bold text-slate-900">
        Payments
      </h1>
      {isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading payments" />
        </div>
      ) : isError ? (
        <ErrorState
          title="Failed to load payments"
          message={errorMessage(error, 'Please try again.')}
          onRetry={() => void refetch()}
        />
      ) : data.payments.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <ReceiptIndianRupee className="mx-auto size-8 text-slate-500" aria-hidden="true" />
          <p className="mt-2 font-semibold text-slate-900">No payments yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Paid quizzes you unlock appear here with their receipts.
          </p>
          <Link
            to={WEB_ROUTES.quizzes}
            className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            Browse quizzes
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {data.payments.map((payment) => (
            <PaymentCard key={payment._id} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
}
