import { PALETTE_LABELS, PALETTE_STATES, type PaletteState } from '@quizcast/contract/domain/answer-merge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** "Submit quiz?" with the count of every palette state, as in the exam hall. */
export function SubmitDialog({
  open,
  onOpenChange,
  counts,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  counts: Record<PaletteState, number>;
  onConfirm(): void;
}) {
  const unanswered = counts.not_visited + counts.not_answered + counts.marked;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Submit quiz?"
      description={
        unanswered === 0
          ? 'You have answered every question. You cannot change your answers after submitting.'
          : `You have ${unanswered} unanswered question${unanswered === 1 ? '' : 's'}. You cannot change your answers after submitting.`
      }
    >
      <table className="mb-2 w-full text-sm">
        <caption className="sr-only">Your questions by state</caption>
        <tbody>
          {PALETTE_STATES.map((state) => (
            <tr key={state} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1.5 text-left font-medium text-slate-700">
                {PALETTE_LABELS[state]}
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums text-slate-900" data-state={state}>
                {counts[state]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mb-4 text-sm text-slate-600">
        Answered &amp; Marked for Review counts as answered; Marked for Review without a choice does not.
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>Submit</Button>
      </div>
    </Dialog>
  );
}
