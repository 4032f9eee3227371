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
import { clearPendingPayment } from '../lib/pending-payment';
import { formatDateTime } from '../../../i18n/format';
import { useLanguage, useServerMessage, useT } from '../../../i18n/use-t';
import { paymentsCatalog } from '../messages/catalog';

dayjs.extend(advancedFormat);

const STATUS_TONE: Record<PaymentStatus, 'green' | 'amber' | 'red'> = {
  success: 'green',
  pending: 'amber',
  failed: 'red',
};

function PaymentCard({ payment }: { payment: PaymentReceipt }) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const t = useT(paymentsCatalog);
  const localise = useServerMessage();
  const language = useLanguage();

  const recheck = async () => {
    setChecking(true);
    try {
      const { payment: latest } = await getPaymentStatus(payment._id);
      if (latest.status !== 'pending') clearPendingPayment(payment._id);
      if (latest.status === 'success') toast.success(t('payments.message.success'));
      else if (latest.status === 'failed') toast.error(t('payments.message.recheckedFailed'));
      else toast.info(t('payments.page.stillWaiting'));
      await queryClient.invalidateQueries({ queryKey: paymentsQueryOptions().queryKey });
    } catch (err) {
      toast.error(localise(errorMessage(err, t('payments.message.statusCheckFailed'))));
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
                {formatDateTime(
                  payment.createdAt,
                  language,
                  dayjs(payment.createdAt).format('Do MMM YYYY, h:mm A'),
                  { seconds: false },
                )}
              </time>
            </p>
          </div>
          <Badge tone={STATUS_TONE[payment.status]}>{t(`payments.status.${payment.status}`)}</Badge>
        </div>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-600">{t('payments.page.amount')}</dt>
            <dd className="font-medium text-slate-900">{formatRupees(payment.basePaise)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('payments.price.gst', { percent: GST_PERCENT })}</dt>
            <dd className="font-medium text-slate-900">{formatRupees(payment.gstPaise)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('payments.price.total')}</dt>
            <dd className="font-bold text-slate-900">{formatRupees(payment.amountPaise)}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm break-all text-slate-600">
          {payment.providerPaymentId
            ? t('payments.page.orderAndPayment', {
                orderId: payment.orderId,
                paymentId: payment.providerPaymentId,
              })
            : t('payments.page.order', { orderId: payment.orderId })}
        </p>
        {payment.status === 'pending' && (
          <Button variant="secondary" className="mt-3" loading={checking} onClick={() => void recheck()}>
            {t('payments.page.checkStatus')}
          </Button>
        )}
        {payment.status === 'success' && (
          <Link
            to={webPath.quizIntro(payment.quizId)}
            className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            {t('payments.page.openQuiz')}
          </Link>
        )}
      </article>
    </li>
  );
}

/** `/payment`: the learner's payments and receipts (amount, 18% GST, total, status, date). */
export function PaymentsPage() {
  const { data, isPending, isError, error, refetch } = usePayments();
  const t = useT(paymentsCatalog);
  const localise = useServerMessage();

  return (
    <section aria-labelledby="payments-heading" className="space-y-4">
      <h1 id="payments-heading" className="text-2xl font-bold text-slate-900">
        {t('payments.page.title')}
      </h1>
      {isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label={t('payments.page.loading')} />
        </div>
      ) : isError ? (
        <ErrorState
          title={t('payments.page.failed')}
          message={localise(errorMessage(error, t('payments.page.tryAgain')))}
          onRetry={() => void refetch()}
        />
      ) : data.payments.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <ReceiptIndianRupee className="mx-auto size-8 text-slate-500" aria-hidden="true" />
          <p className="mt-2 font-semibold text-slate-900">{t('payments.page.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('payments.page.emptyText')}</p>
          <Link
            to={WEB_ROUTES.quizzes}
            className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            {t('payments.page.browse')}
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
