import { useRef } from 'react';
import { PALETTE_STATES, unansweredCount, type PaletteState } from '@quizcast/contract/domain/answer-merge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import { paletteLabel } from './palette-labels';

/**
 * "Submit quiz?" with the count of every palette state, as in the exam hall. In audio mode, where it is
 * spoken, focus starts on Submit so Enter submits (`focusConfirm`).
 */
export function SubmitDialog({
  open,
  onOpenChange,
  counts,
  onConfirm,
  focusConfirm = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  counts: Record<PaletteState, number>;
  onConfirm(): void;
  focusConfirm?: boolean;
}) {
  const t = useT(attemptCatalog);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const language = useLanguage();
  const unanswered = unansweredCount(counts);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('attempt.submit.title')}
      description={t('attempt.submit.unanswered', { count: unanswered })}
      initialFocusRef={focusConfirm ? confirmRef : undefined}
    >
      <table className="mb-2 w-full text-sm">
        <caption className="sr-only">{t('attempt.submit.caption')}</caption>
        <tbody>
          {PALETTE_STATES.map((state) => (
            <tr key={state} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 text-left font-medium text-slate-700">
                {paletteLabel(t, state)}
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums text-slate-900" data-state={state}>
                {formatNumber(counts[state], language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mb-4 text-sm text-slate-600">{t('attempt.submit.note')}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('attempt.submit.cancel')}
        </Button>
        <Button ref={confirmRef} onClick={onConfirm}>
          {t('attempt.action.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
