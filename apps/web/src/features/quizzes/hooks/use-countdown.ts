import { useEffect, useRef, useState } from 'react';

/**
 * Milliseconds left until `deadlineMs` on the server's clock: the device time is corrected by
 * `clockOffsetMs` (server − device), so a phone whose clock is wrong still counts down correctly.
 * `onExpire` runs once when it reaches zero (also right away when the deadline has already passed).
 */
export function useCountdown(
  deadlineMs: number,
  clockOffsetMs: number,
  onExpire?: () => void,
  tickMs = 250,
): number {
  const [left, setLeft] = useState(() => Math.max(0, deadlineMs - (Date.now() + clockOffsetMs)));
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });
  useEffect(() => {
    let fired = false;
    const update = () => {
      const remaining = Math.max(0, deadlineMs - (Date.now() + clockOffsetMs));
      setLeft(remaining);
      if (remaining === 0 && !fired) {
        fired = true;
        expire.current?.();
      }
    };
    update();
    const timer = window.setInterval(update, tickMs);
    return () => window.clearInterval(timer);
  }, [deadlineMs, clockOffsetMs, tickMs]);
  return left;
}
