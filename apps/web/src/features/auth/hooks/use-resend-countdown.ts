import { useCallback, useEffect, useState } from 'react';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@quizcast/contract/constants';

/** Seconds until another code may be requested; `restart()` after each send. */
export function useResendCountdown(seconds = OTP_RESEND_COOLDOWN_SECONDS) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const restart = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, restart };
}
