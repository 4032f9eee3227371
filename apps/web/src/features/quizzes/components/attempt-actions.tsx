import { Button } from '../../../components/ui/button';

/** The exam-hall buttons under the question (on the last question the "& Next" ones stay on it). */
export function AttemptActions({
  isFirst,
  answered,
  disabled,
  submitting,
  onPrevious,
  onClear,
  onMarkAndNext,
  onSaveAndNext,
  onSubmit,
}: {
  isFirst: boolean;
  answered: boolean;
  disabled: boolean;
  submitting: boolean;
  onPrevious(): void;
  onClear(): void;
  onMarkAndNext(): void;
  onSaveAndNext(): void;
  onSubmit(): void;
}) {
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button onClick={onSaveAndNext} disabled={disabled} className="col-span-2 sm:col-span-1">
          Save &amp; Next
        </Button>
        <Button
          variant="secondary"
          onClick={onMarkAndNext}
          disabled={disabled}
          className="col-span-2 sm:col-span-1"
        >
          Mark for Review &amp; Next
        </Button>
        <Button variant="secondary" onClick={onClear} disabled={disabled || !answered}>
          Clear Response
        </Button>
        <Button variant="secondary" onClick={onPrevious} disabled={disabled || isFirst}>
          Previous
        </Button>
      </div>
      <Button
        onClick={onSubmit}
        loading={submitting}
        disabled={disabled && !submitting}
        className="w-full sm:w-auto"
      >
        Submit
      </Button>
    </div>
  );
}
