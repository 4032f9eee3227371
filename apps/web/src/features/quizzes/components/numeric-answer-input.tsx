import { useState } from 'react';
import { canonicalNumber } from '@quizcast/contract/domain/numeric-answer';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import { applyKeypadKey } from '../lib/keypad-edit';
import { NumericKeypad } from './numeric-keypad';

/** Text that may still become a number as the learner types ("-", ".", "-."): no message yet. */
const STARTING = /^[+-]?\.?$/;

/**
 * The answer box of a numeric question (JEE "numerical value", issue 12): a text field with the phone's
 * decimal keypad (`inputmode="decimal"`, not `type=number`, which silently drops bad input). A number is
 * saved at once as its canonical text ("2.50" → "2.5"); anything else shows a plain message next to the
 * field and saves nothing. Emptying the field clears the response. The NTA on-screen keypad below it
 * (issue 26) edits the same text through the same rules.
 */
export function NumericAnswerInput({
  selected,
  disabled,
  onAnswer,
  onClear,
}: {
  selected?: string;
  disabled?: boolean;
  onAnswer(value: string): void;
  onClear(): void;
}) {
  const t = useT(attemptCatalog);
  const [text, setText] = useState(selected ?? '');
  // Whether the text is not a number (the message itself follows the language on screen).
  const [error, setError] = useState(false);
  // Follow a change made elsewhere (Clear Response, another device's save), keeping what is typed.
  const [shown, setShown] = useState(selected);
  if (shown !== selected) {
    setShown(selected);
    if (selected !== canonicalNumber(text) || selected === undefined) {
      setText(selected ?? '');
      setError(false);
    }
  }

  const change = (value: string) => {
    setText(value);
    const trimmed = value.trim();
    if (!trimmed) {
      setError(false);
      if (selected !== undefined) onClear();
      return;
    }
    const number = canonicalNumber(trimmed);
    if (number === null) {
      setError(!STARTING.test(trimmed));
      return;
    }
    setError(false);
    if (number !== selected) onAnswer(number);
  };

  const check = () => {
    const trimmed = text.trim();
    if (trimmed && canonicalNumber(trimmed) === null) setError(true);
  };

  return (
    <div className="mt-5">
      <TextField
        label={t('attempt.numeric.label')}
        hint={error ? undefined : t('attempt.numeric.hint')}
        error={error ? t('attempt.numeric.notANumber') : undefined}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="done"
        value={text}
        disabled={disabled}
        onChange={(e) => change(e.target.value)}
        onBlur={check}
        onKeyDown={(e) => {
          if (e.key === 'Enter') check();
        }}
      />
      <NumericKeypad disabled={disabled} onKey={(key) => change(applyKeypadKey(text, key))} />
    </div>
  );
}
