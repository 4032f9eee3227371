import { useState } from 'react';
import { canonicalNumber, NOT_A_NUMBER_MESSAGE } from '@quizcast/contract/domain/numeric-answer';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../i18n/use-t';
import { reviewCatalog } from '../messages/catalog';

/**
 * A numeric card's answer box on /review (issue 12): the decimal keypad, a plain message for text that
 * is not a number (then nothing counts as typed), Enter checks the answer.
 */
export function NumericReviewInput({
  disabled,
  onNumber,
  onEnter,
}: {
  disabled: boolean;
  onNumber(value: string | null): void;
  onEnter(): void;
}) {
  const t = useT(reviewCatalog);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  return (
    <TextField
      className="mt-5"
      label={t('review.card.numberLabel')}
      error={error}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={text}
      disabled={disabled}
      onChange={(e) => {
        setText(e.target.value);
        const trimmed = e.target.value.trim();
        const number = trimmed ? canonicalNumber(trimmed) : null;
        setError(
          trimmed && number === null && !/^[+-]?\.?$/.test(trimmed) ? NOT_A_NUMBER_MESSAGE : undefined,
        );
        onNumber(number);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        if (text.trim() && canonicalNumber(text.trim()) === null) setError(NOT_A_NUMBER_MESSAGE);
        else onEnter();
      }}
    />
  );
}
