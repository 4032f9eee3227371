import { useState } from 'react';
import { toast } from 'sonner';
import { MAX_EXTRA_MINUTES } from '@quizcast/contract/domain/compensatory-time';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { useExtraTime, useSaveExtraTime } from '../api/extra-time';
import { studentsCatalog } from '../messages/catalog';

/**
 * Extra minutes for one learner on this quiz (Moodle's user overrides; issue 26, ADR 023): by phone
 * number, before the learner starts; 0 removes them. The server audits every change.
 */
export function ExtraTimePanel({ quizId }: { quizId: string }) {
  const t = useT(studentsCatalog);
  const list = useExtraTime(quizId);
  const save = useSaveExtraTime(quizId);
  const [phNo, setPhNo] = useState('');
  const [minutes, setMinutes] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = () => {
    setProblem(undefined);
    save.mutate(
      { phNo: phNo.trim(), extraMinutes: Number(minutes) },
      {
        onSuccess: () => {
          toast.success(t('students.extraTime.saved'));
          setPhNo('');
          setMinutes('');
        },
        onError: (err) => setProblem(errorMessage(err, t('students.extraTime.failed'))),
      },
    );
  };

  return (
    <section
      aria-labelledby="extra-time-heading"
      className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="extra-time-heading" className="text-lg font-bold text-slate-900">
        {t('students.extraTime.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('students.extraTime.explain')}</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('students.extraTime.phone')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={phNo}
          onChange={(e) => setPhNo(e.target.value)}
        />
        <TextField
          label={t('students.extraTime.minutes')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_EXTRA_MINUTES}
          step={1}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
        />
        <Button type="submit" loading={save.isPending}>
          {t('students.extraTime.save')}
        </Button>
      </form>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {list.data && list.data.entries.length > 0 && (
        <ul className="mt-3 grid gap-1 text-sm text-slate-800" aria-label={t('students.extraTime.listLabel')}>
          {list.data.entries.map((entry) => (
            <li key={entry.userId}>
              {t('students.extraTime.entry', {
                name: entry.name,
                phone: entry.phNo,
                minutes: entry.extraMinutes,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
