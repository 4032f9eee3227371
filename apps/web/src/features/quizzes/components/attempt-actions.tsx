import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';

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
  const t = useT(attemptCatalog);
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button onClick={onSaveAndNext} disabled={disabled} className="col-span-2 sm:col-span-1">
          {t('attempt.action.saveNext')}
        </Button>
        <Button
          variant="secondary"
          onClick={onMarkAndNext}
          disabled={disabled}
          className="col-span-2 sm:col-span-1"
        >
          {t('attempt.action.markNext')}
        </Button>
        <Button variant="secondary" onClick={onClear} disabled={disabled || !answered}>
          {t('attempt.action.clear')}
        </Button>
        <Button variant="secondary" onClick={onPrevious} disabled={disabled || isFirst}>
          {t('attempt.action.previous')}
        </Button>
      </div>
      <Button
        onClick={onSubmit}
        loading={submitting}
        disabled={disabled && !submitting}
        className="w-full sm:w-auto"
      >
        {t('attempt.action.submit')}
      </Button>
    </div>
  );
}
