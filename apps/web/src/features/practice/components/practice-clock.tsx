import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { practiceCatalog } from '../messages/catalog';

/**
 * A timed practice's countdown to the server's deadline (corrected by the server's clock at load);
 * calls `onTimeUp` once at zero. Only this component re-renders each second.
 */
export function PracticeClock({
  deadlineAt,
  serverNow,
  onTimeUp,
}: {
  deadlineAt: string;
  serverNow: string;
  onTimeUp(): void;
}) {
  const t = useT(practiceCatalog);
  const [offset] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  const fired = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  const left = Math.max(0, Math.floor((new Date(deadlineAt).getTime() - now) / 1000));
  useEffect(() => {
    if (left === 0 && !fired.current) {
      fired.current = true;
      onTimeUp();
    }
  }, [left, onTimeUp]);
  return (
    <p className="text-sm font-semibold text-slate-800" role="timer">
      {t('practice.run.timeLeft', { minutes: Math.floor(left / 60), seconds: left % 60 })}
    </p>
  );
}
