import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatElapsed } from '@quizcast/contract/domain/time-format';
import { formatRupees } from '@quizcast/contract/domain/price';
import { WEB_ROUTES, webPath } from '@quizcast/contract/routes';
import { ATTEMPT_STATUS_LABELS } from '@quizcast/contract/schemas/admin';
import { Badge } from '../../../components/ui/badge';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useStudent } from '../api/students';
import { formatIst } from '../lib/date-time';

const paymentTone = { success: 'green', pending: 'amber', failed: 'red' } as const;

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-900 sm:col-span-2">
        {value || 'Not provided'}
      </dd>
    </div>
  );
}

/** Admin: one student's profile, attempts (with score and rank) and payments. */
export function StudentDetailPage() {
  const { studentId = '' } = useParams();
  const query = useStudent(studentId);

  const back = (
    <Link
      to={WEB_ROUTES.participants}
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-800"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      All participants
    </Link>
  );

  if (query.isPending) return <Spinner label="Loading student" />;
  if (query.isError) {
    return (
      <div>
        {back}
        <ErrorState
          title={
            isApiError(query.error) && query.error.status === 404
              ? 'Student not found'
              : 'Could not load the student'
          }
          message={errorMessage(query.error, 'Please try again.')}
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
        {student.role === 'admin' && <Badge tone="brand">Admin</Badge>}
      </h1>

      <section
        aria-labelledby="profile-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="profile-heading" className="text-lg font-bold text-slate-900">
          Profile
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label="Phone number" value={student.phNo} />
          <Row label="Email" value={student.email} />
          <Row label="Place" value={student.place} />
          <Row label="Education level" value={student.class} />
          <Row label="Institution" value={student.school} />
          <Row label="Joined" value={formatIst(student.createdAt)} />
        </dl>
      </section>

      <section
        aria-labelledby="attempts-heading"
        className="mt-4 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <h2 id="attempts-heading" className="text-lg font-bold text-slate-900">
          Attempts ({attempts.length})
        </h2>
        {attempts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No attempts yet.</p>
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
                    {ATTEMPT_STATUS_LABELS[a.status]}
                  </Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  Score {a.score ?? '—'} · Rank {a.rank ?? '—'} · Time{' '}
                  {a.elapsedTime === null ? '—' : formatElapsed(a.elapsedTime)} · Started{' '}
                  {formatIst(a.startedAt)}
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
          Payments ({payments.length})
        </h2>
        {payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No payments.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {payments.map((p) => (
              <li key={p._id} className="py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{p.quiz.name}</span>
                  <Badge tone={paymentTone[p.status]}>{p.status}</Badge>
                </div>
                <p className="mt-1 text-sm break-all text-slate-600">
                  {formatRupees(Math.round(p.amount * 100))} {p.currency} · {formatIst(p.createdAt)} · Order{' '}
                  {p.orderId}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
