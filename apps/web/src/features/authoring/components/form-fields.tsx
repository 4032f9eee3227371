import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { QUIZ_DURATION_MAX, QUIZ_DURATION_MIN } from '@quizcast/contract/schemas/quiz-input';
import { controlBorder } from '../../../components/ui/field-styles';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function FieldNotes({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

const controlClass = (error?: string) =>
  `block min-h-11 w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100 disabled:text-slate-500 ${controlBorder(error)}`;

export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(error)}
        {...rest}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  options,
  className = '',
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={controlClass(error)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

type NumberFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'min' | 'max' | 'step'>;

/** Whole minutes in the contract's bounds: a quiz's duration and a section's own time. */
export function MinutesField(props: NumberFieldProps) {
  return (
    <TextField type="number" inputMode="numeric" min={QUIZ_DURATION_MIN} max={QUIZ_DURATION_MAX} {...props} />
  );
}

/** Marks to two decimals, never below 0: the marking of a quiz and of a section (one marking scheme). */
export function MarksField(props: NumberFieldProps) {
  return <TextField type="number" inputMode="decimal" step="0.01" min={0} {...props} />;
}
