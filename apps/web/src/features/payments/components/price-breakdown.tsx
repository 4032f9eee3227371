import { GST_PERCENT } from '@quizcast/contract/constants';
import { formatRupees } from '@quizcast/contract/domain/price';
import { useT } from '../../../i18n/use-t';
import { paymentsCatalog } from '../messages/catalog';

/** Base, 18% GST and total, in paise. */
export function PriceBreakdown({
  basePaise,
  gstPaise,
  totalPaise,
}: {
  basePaise: number;
  gstPaise: number;
  totalPaise: number;
}) {
  const t = useT(paymentsCatalog);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm">
      <dt className="text-slate-600">{t('payments.price.quiz')}</dt>
      <dd className="text-right font-medium text-slate-900">{formatRupees(basePaise)}</dd>
      <dt className="text-slate-600">{t('payments.price.gst', { percent: GST_PERCENT })}</dt>
      <dd className="text-right font-medium text-slate-900">{formatRupees(gstPaise)}</dd>
      <dt className="border-t border-slate-200 pt-1 font-semibold text-slate-900">
        {t('payments.price.total')}
      </dt>
      <dd className="border-t border-slate-200 pt-1 text-right font-bold text-slate-900">
        {formatRupees(totalPaise)}
      </dd>
    </dl>
  );
}
