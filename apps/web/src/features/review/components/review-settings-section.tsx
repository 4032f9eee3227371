import { useState, type FormEvent } from 'react';
import { REVIEW_LIMITS, type ReviewSettings } from '@quizcast/contract/schemas/review';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { InlineStatus, useInlineStatus } from '../../../components/ui/inline-status';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useReviewSettings, useSaveReviewSettings } from '../api/review';
import { useT } from '../../../i18n/use-t';
import { reviewCatalog } from '../messages/catalog';

interface Form {
  examName: string;
  examDate: string;
  retentionPercent: string;
  dailyNewLimit: string;
  dailyReviewCap: string;
  cardsFromPractice: boolean;
}

const toForm = (s: ReviewSettings): Form => ({
  examName: s.examName ?? '',
  examDate: s.examDate ?? '',
  retentionPercent: String(Math.round(s.desiredRetention * 100)),
  dailyNewLimit: String(s.dailyNewLimit),
  dailyReviewCap: String(s.dailyReviewCap),
  cardsFromPractice: s.cardsFromPractice,
});

/** Profile section: target exam and its date, desired retention (80–97 %), daily new limit, review cap. */
export function ReviewSettingsSection() {
  const settings = useReviewSettings();
  return settings.data ? <SettingsForm initial={settings.data} /> : null;
}

function SettingsForm({ initial }: { initial: ReviewSettings }) {
  const save = useSaveReviewSettings();
  const t = useT(reviewCatalog);
  const [form, setForm] = useState<Form>(() => toForm(initial));
  const [problems, setProblems] = useState<string[]>([]);
  // "Review settings saved", said beside the Save button (not a toast over the screen).
  const status = useInlineStatus();
  const set = (key: Exclude<keyof Form, 'cardsFromPractice'>) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    status.clear();
    save.mutate(
      {
        examName: form.examName.trim() || null,
        examDate: form.examDate || null,
        desiredRetention: Number(form.retentionPercent) / 100,
        dailyNewLimit: Number(form.dailyNewLimit),
        dailyReviewCap: Number(form.dailyReviewCap),
        cardsFromPractice: form.cardsFromPractice,
      },
      {
        onSuccess: (saved) => {
          setForm(toForm(saved));
          status.say(t('review.settings.saved'));
        },
        onError: (err) =>
          setProblems(isApiError(err) ? (err.messages ?? [err.message]) : [t('review.settings.failed')]),
      },
    );
  };

  return (
    <section
      aria-labelledby="review-settings-heading"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="review-settings-heading" className="text-lg font-bold text-slate-900">
        {t('review.settings.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('review.settings.text')}</p>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <TextField
          label={t('review.settings.exam')}
          value={form.examName}
          onChange={set('examName')}
          maxLength={80}
        />
        <DateField label={t('review.settings.date')} value={form.examDate} onChange={set('examDate')} />
        <TextField
          label={t('review.settings.retention')}
          type="number"
          inputMode="numeric"
          min={REVIEW_LIMITS.minRetention * 100}
          max={REVIEW_LIMITS.maxRetention * 100}
          value={form.retentionPercent}
          onChange={set('retentionPercent')}
          hint={t('review.settings.retentionHint', {
            min: Math.round(REVIEW_LIMITS.minRetention * 100),
            max: Math.round(REVIEW_LIMITS.maxRetention * 100),
          })}
        />
        <TextField
          label={t('review.settings.newPerDay')}
          type="number"
          inputMode="numeric"
          min={0}
          value={form.dailyNewLimit}
          onChange={set('dailyNewLimit')}
        />
        <TextField
          label={t('review.settings.cap')}
          type="number"
          inputMode="numeric"
          min={1}
          value={form.dailyReviewCap}
          onChange={set('dailyReviewCap')}
        />
        <div className="flex min-h-11 items-start gap-3 sm:col-span-2">
          <input
            id="review-cards-from-practice"
            type="checkbox"
            className="mt-0.5 size-6 shrink-0 accent-brand-700"
            checked={form.cardsFromPractice}
            onChange={(e) => setForm({ ...form, cardsFromPractice: e.target.checked })}
          />
          <label htmlFor="review-cards-from-practice" className="text-base text-slate-900">
            {t('review.settings.cardsFromPractice')}
          </label>
        </div>
        {problems.length > 0 && (
          <ul role="alert" className="list-disc pl-5 text-sm text-red-700 sm:col-span-2">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" loading={save.isPending}>
            {t('review.settings.save')}
          </Button>
          <InlineStatus status={status.status} />
        </div>
      </form>
    </section>
  );
}
