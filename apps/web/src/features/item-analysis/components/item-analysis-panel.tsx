import { formatNumericAnswer } from '@quizcast/contract/domain/numeric-answer';
import { AlertTriangle, Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CHOICE_LETTERS } from '@quizcast/contract/schemas/question-rules';
import { KEY_CORRECTION_REASON_MAX, type ItemRow } from '@quizcast/contract/schemas/analytics';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { HorizontalScroll } from '../../../components/ui/horizontal-scroll';
import { Spinner } from '../../../components/ui/spinner';
import { formatDecimal } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { itemAnalysisCatalog } from '../messages/catalog';
import { downloadItemAnalysisCsv, useCorrectKey, useItemAnalysis } from '../api/item-analysis';
import { formatIst } from '../../../lib/date-time';

const letter = (i: number) => CHOICE_LETTERS[i] ?? String(i + 1);

function CorrectKeyDialog({
  quizId,
  item,
  open,
  onOpenChange,
}: {
  quizId: string;
  item: ItemRow;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const id = useId();
  // A numeric key cannot be re-keyed after publication (the server refuses it): only dropping is offered.
  const [choice, setChoice] = useState<string>(item.type === 'numeric' ? 'drop' : String(item.ansIndex));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const mutation = useCorrectKey(quizId);
  const t = useT(itemAnalysisCatalog);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    try {
      const result = await mutation.mutateAsync(
        choice === 'drop'
          ? { questionId: item.questionId, drop: true, reason }
          : { questionId: item.questionId, ansIndex: Number(choice), reason },
      );
      toast.success(
        result.changed
          ? t('itemAnalysis.key.changed', { number: item.number, rescored: result.rescored })
          : t('itemAnalysis.key.unchanged', { number: item.number }),
      );
      onOpenChange(false);
    } catch (err) {
      setProblems(
        isApiError(err) && err.messages?.length
          ? err.messages
          : [errorMessage(err, t('itemAnalysis.key.failed'))],
      );
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('itemAnalysis.items.correctButton', { number: item.number })}
      description={t('itemAnalysis.key.description')}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        {problems.length > 0 && (
          <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('itemAnalysis.key.answer')}</legend>
          {item.type === 'numeric' && (
            <p className="mt-1 text-sm text-slate-700">
              {t('itemAnalysis.key.numeric', {
                answer: formatNumericAnswer(item.numericAnswer ?? '', item.tolerance),
              })}
            </p>
          )}
          <div className="mt-2 space-y-2">
            {item.choices.map((c, i) => (
              <label
                key={i}
                className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-300 px-3 text-sm"
              >
                <input
                  type="radio"
                  name={`${id}-key`}
                  value={String(i)}
                  checked={choice === String(i)}
                  onChange={() => setChoice(String(i))}
                  className="size-5 accent-emerald-600"
                />
                <span>
                  {letter(i)}. {c}
                  {i === item.ansIndex && !item.dropped ? ` ${t('itemAnalysis.key.current')}` : ''}
                </span>
              </label>
            ))}
            <label className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-300 px-3 text-sm">
              <input
                type="radio"
                name={`${id}-key`}
                value="drop"
                checked={choice === 'drop'}
                onChange={() => setChoice('drop')}
                className="size-5 accent-red-600"
              />
              <span>{t('itemAnalysis.key.drop')}</span>
            </label>
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('itemAnalysis.key.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={KEY_CORRECTION_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            className="block w-full rounded-xl border border-slate-500 px-3 py-2 text-base"
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('itemAnalysis.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('itemAnalysis.key.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** `nested`: inside a section's heading (issue 26), so its own heading is one level down. */
function ItemCard({ quizId, item, nested = false }: { quizId: string; item: ItemRow; nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const Heading = nested ? 'h4' : 'h3';
  const headingId = useId();
  const t = useT(itemAnalysisCatalog);
  const language = useLanguage();
  const secs = (ms: number | null) =>
    ms === null
      ? t('itemAnalysis.items.noTiming')
      : t('itemAnalysis.items.seconds', { seconds: formatDecimal(ms / 1000, language) });
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={headingId} className="text-base font-bold text-slate-900">
          {t('itemAnalysis.items.question', { number: item.number })}
          {item.topic ? <span className="font-medium text-slate-700"> · {item.topic}</span> : null}
        </Heading>
        <div className="flex flex-wrap gap-1.5">
          {item.dropped && <Badge tone="slate">{t('itemAnalysis.items.dropped')}</Badge>}
          {item.flags.map((f) => (
            <Badge key={f} tone="amber">
              <AlertTriangle className="size-3.5" aria-hidden="true" /> {t(`itemAnalysis.items.flag.${f}`)}
            </Badge>
          ))}
        </div>
      </div>
      <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-slate-800">{item.qn}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-700">{t('itemAnalysis.items.facility')}</dt>
          <dd className="font-bold text-slate-900 tabular-nums">{item.facility}%</dd>
        </div>
        <div>
          <dt className="text-slate-700">{t('itemAnalysis.items.discrimination')}</dt>
          <dd className="font-bold text-slate-900 tabular-nums">{item.discrimination ?? '–'}</dd>
        </div>
        <div>
          <dt className="text-slate-700">{t('itemAnalysis.items.avgTime')}</dt>
          <dd className="font-bold text-slate-900 tabular-nums">{secs(item.avgTimeMs)}</dd>
        </div>
      </dl>
      <HorizontalScroll
        className="mt-3"
        role="region"
        aria-label={t('itemAnalysis.items.whoChose', { number: item.number })}
        tabIndex={0}
      >
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">{t('itemAnalysis.items.whoChose', { number: item.number })}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              <th scope="col" className="px-2 py-1 font-semibold">
                {t('itemAnalysis.items.option')}
              </th>
              <th scope="col" className="px-2 py-1 font-semibold">
                {t('itemAnalysis.items.chosenBy')}
              </th>
              <th scope="col" className="px-2 py-1 font-semibold">
                {t('itemAnalysis.items.top27')}
              </th>
            </tr>
          </thead>
          <tbody>
            {item.type === 'numeric' && (
              <>
                <tr className="bg-emerald-50">
                  <th scope="row" className="px-2 py-1 font-medium text-slate-900">
                    {t('itemAnalysis.items.correctRow', {
                      answer: formatNumericAnswer(item.numericAnswer ?? '', item.tolerance),
                    })}
                  </th>
                  <td className="px-2 py-1 tabular-nums">{item.facility}%</td>
                  <td />
                </tr>
                <tr>
                  <th scope="row" className="px-2 py-1 font-medium text-slate-900">
                    {t('itemAnalysis.items.wrongRow')}
                  </th>
                  <td className="px-2 py-1 tabular-nums">{item.wrongShare}%</td>
                  <td />
                </tr>
              </>
            )}
            {item.options.map((o, i) => (
              <tr key={i} className={i === item.ansIndex ? 'bg-emerald-50' : undefined}>
                <th scope="row" className="px-2 py-1 font-medium text-slate-900">
                  {letter(i)}. {o.choice}
                  {i === item.ansIndex ? ` ${t('itemAnalysis.items.keyMark')}` : ''}
                </th>
                <td className="px-2 py-1 tabular-nums">
                  {o.share}% ({o.count})
                </td>
                <td className="px-2 py-1 tabular-nums">{o.topShare}%</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="px-2 py-1 font-medium text-slate-700">
                {t('itemAnalysis.items.skipped')}
              </th>
              <td className="px-2 py-1 tabular-nums">
                {item.skippedShare}% ({item.skipped})
              </td>
              <td />
            </tr>
          </tbody>
        </table>
      </HorizontalScroll>
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        {t('itemAnalysis.items.correctButton', { number: item.number })}
      </Button>
      {open && <CorrectKeyDialog quizId={quizId} item={item} open={open} onOpenChange={setOpen} />}
    </li>
  );
}

/** Item analysis and answer-key correction on the admin's quiz details page (issue 14). */
export function ItemAnalysisPanel({ quizId, published }: { quizId: string; published: boolean }) {
  const query = useItemAnalysis(quizId, published);
  const [downloading, setDownloading] = useState(false);
  const t = useT(itemAnalysisCatalog);
  const language = useLanguage();
  if (!published) {
    return (
      <section aria-labelledby="items-heading" className="mt-6">
        <h2 id="items-heading" className="text-lg font-bold text-slate-900">
          {t('itemAnalysis.items.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('itemAnalysis.items.notYet')}</p>
      </section>
    );
  }
  const download = async () => {
    setDownloading(true);
    try {
      await downloadItemAnalysisCsv(quizId);
    } catch (err) {
      toast.error(errorMessage(err, t('itemAnalysis.csvFailed')));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section aria-labelledby="items-heading" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="items-heading" className="text-lg font-bold text-slate-900">
          {t('itemAnalysis.items.title')}
        </h2>
        <Button variant="secondary" onClick={() => void download()} loading={downloading}>
          <Download className="size-4" aria-hidden="true" /> {t('itemAnalysis.items.download')}
        </Button>
      </div>
      {query.isPending ? (
        <Spinner label={t('itemAnalysis.items.loading')} />
      ) : query.isError ? (
        <ErrorState
          title={t('itemAnalysis.items.loadFailed')}
          message={errorMessage(query.error, t('itemAnalysis.tryAgain'))}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {t('itemAnalysis.items.explain', {
              participants: query.data.participants,
              groupSize: query.data.groupSize,
            })}
          </p>
          {query.data.corrections.length > 0 && (
            <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <h3 className="font-semibold">{t('itemAnalysis.items.corrections')}</h3>
              <ul className="mt-1 list-disc pl-5">
                {query.data.corrections.map((c) => (
                  <li key={c._id}>
                    {c.dropped
                      ? t('itemAnalysis.items.correctionDropped', {
                          when: formatIst(c.createdAt, language),
                          number: c.number,
                          admin: c.adminName ?? t('itemAnalysis.items.formerAdmin'),
                          reason: c.reason,
                        })
                      : t('itemAnalysis.items.correctionChanged', {
                          when: formatIst(c.createdAt, language),
                          number: c.number,
                          from: letter(c.oldAnsIndex),
                          to: letter(c.newAnsIndex ?? 0),
                          admin: c.adminName ?? t('itemAnalysis.items.formerAdmin'),
                          reason: c.reason,
                        })}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {query.data.sections?.length ? (
            query.data.sections.map((section, i) => {
              const items = query.data.items.filter((item) => item.section === i);
              return (
                <section key={i} aria-labelledby={`items-section-${i}`} className="mt-5">
                  <h3 id={`items-section-${i}`} className="text-base font-bold text-slate-900">
                    {t('itemAnalysis.sections.heading', {
                      number: i + 1,
                      name: language === 'hi' ? section.nameHi : section.name,
                    })}
                  </h3>
                  <p className="text-sm text-slate-700">
                    {section.facility === null
                      ? t('itemAnalysis.sections.summaryNone', { questions: section.questions })
                      : t('itemAnalysis.sections.summary', {
                          questions: section.questions,
                          facility: formatDecimal(section.facility, language),
                        })}
                  </p>
                  <ol className="mt-2 space-y-3">
                    {items.map((item) => (
                      <ItemCard key={item.questionId} quizId={quizId} item={item} nested />
                    ))}
                  </ol>
                </section>
              );
            })
          ) : (
            <ol className="mt-3 space-y-3">
              {query.data.items.map((item) => (
                <ItemCard key={item.questionId} quizId={quizId} item={item} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
