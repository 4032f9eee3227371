import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatElapsed } from '@quizcast/contract/domain/time-format';
import { formatRupees } from '@quizcast/contract/domain/price';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import { Badge } from '../../../components/ui/badge';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useLanguage, useT } from '../../../i18n/use-t';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { studentsCatalog } from '../messages/catalog';
import { useStudent } from '../api/students';
import { formatIst } from '../../../lib/date-time';

const paymentTone = { success: 'green', pending: 'amber', failed: 'red' } as const;

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  const t = useT(studentsCatalog);
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900 sm:col-span-2">
        {value || t('students.notProvided')}
      </dd>
    </div>
  );
}

/** Admin: one student's profile, attempts (with score and rank) and payments. */
export function StudentDetailPage() {
  const { studentId = '' } = useParams();
  const query = useStudent(studentId);
  const t = useT(studentsCatalog);
  const tCommon = useT(commonCatalog);
  const language = useLanguage();

  const back = (
    <Link
      to={WEB_ROUTES.participants}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('students.student.back')}
    </Link>
  );

  if (query.isPending) return <Spinner label={t('students.student.loading')} />;
  if (query.isError) {
    return (
      <div>
        {back}
        <ErrorState
          title={
            isApiError(query.error) && query.error.status === 404
              ? t('students.student.notFound')
              : t('students.student.loadFailed')
          }
          message={errorMessage(query.error, t('students.tryAgain'))}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  const { attempts, payments, ...student } = query.data.data;

  return (
    <div>
      {back}
      <h1 className="mt-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
        {student.profilePicUrl && (
          <img src={student.profilePicUrl} alt="" className="size-12 rounded-full object-cover" />
        )}
        {student.name}
        {student.role === 'admin' && <Badge tone="brand">{t('students.adminBadge')}</Badge>}
      </h1>

      <section
        aria-labelledby="profile-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="profile-heading" className="text-lg font-bold text-slate-900">
          {t('students.student.profile')}
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label={t('students.student.phone')} value={student.phNo} />
          <Row label={t('students.student.email')} value={student.email} />
          <Row label={t('students.student.place')} value={student.place} />
          <Row
            label={t('students.student.education')}
            value={student.class && educationLevelLabel(student.class, tCommon)}
          />
          <Row label={t('students.student.institution')} value={student.school} />
          <Row label={t('students.student.joined')} value={formatIst(student.createdAt, language)} />
        </dl>
      </section>

      <section
        aria-labelledby="attempts-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="attempts-heading" className="text-lg font-bold text-slate-900">
          {t('students.student.attempts', { count: attempts.length })}
        </h2>
        {attempts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('students.student.noAttempts')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {attempts.map((a) => (
              <li key={a._id} className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={webPath.quizDetails(a.quiz._id)}
                    className="font-semibold text-brand-800 hover:underline"
                  >
                    {a.quiz.name}
                  </Link>
                  <Badge tone={a.status === 'in_progress' ? 'blue' : 'green'}>
                    {t(`students.attempt.${a.status}`)}
                  </Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {t('students.student.attemptLine', {
                    score: a.score ?? '—',
                    rank: a.rank ?? '—',
                    time: a.elapsedTime === null ? '—' : formatElapsed(a.elapsedTime),
                    started: formatIst(a.startedAt, language),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="payments-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="payments-heading" className="text-lg font-bold text-slate-900">
          {t('students.student.payments', { count: payments.length })}
        </h2>
        {payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('students.student.noPayments')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {payments.map((p) => (
              <li key={p._id} className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{p.quiz.name}</span>
                  <Badge tone={paymentTone[p.status]}>{t(`students.payment.${p.status}`)}</Badge>
                </div>
                <p className="mt-1 text-sm break-all text-slate-600">
                  {t('students.student.paymentLine', {
                    amount: formatRupees(Math.round(p.amount * 100)),
                    currency: p.currency,
                    when: formatIst(p.createdAt, language),
                    orderId: p.orderId,
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
