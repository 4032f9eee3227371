import { CircleAlert, CircleCheck } from 'lucide-react';
import { useCallback, useState } from 'react';

/**
 * What a control's own action says ("Privacy settings saved", "Could not change reminders"), shown
 * beside the control in the page's flow and read out politely. A toast for it sat at the foot of the
 * screen for 4 s, over whatever was there (issue 30, defect 7); in the flow it covers nothing, and it
 * stays until the next change or until the learner leaves the screen.
 */
export interface InlineStatusValue {
  message: string;
  tone: 'success' | 'error';
  /** Counts the messages said, so the same one said again is read out again. */
  count: number;
}

export function useInlineStatus() {
  const [status, setStatus] = useState<InlineStatusValue | null>(null);
  const say = useCallback(
    (message: string, tone: InlineStatusValue['tone'] = 'success') =>
      setStatus((last) => ({ message, tone, count: (last?.count ?? 0) + 1 })),
    [],
  );
  const clear = useCallback(() => setStatus(null), []);
  return { status, say, clear };
}

/** The live region: always in the page (a region added with its text is often not read out). */
export function InlineStatus({
  status,
  className = '',
}: {
  status: InlineStatusValue | null;
  className?: string;
}) {
  const success = status?.tone !== 'error';
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <p role="status" data-testid="inline-status" className={className}>
      {status && (
        <span
          key={status.count}
          data-tone={status.tone}
          className={`mt-2 inline-flex items-start gap-1.5 text-sm font-medium ${
            success ? 'text-emerald-800' : 'text-red-800'
          }`}
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{status.message}</span>
        </span>
      )}
    </p>
  );
}
