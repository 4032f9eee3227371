import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type HTMLAttributes } from 'react';

/**
 * A row that may be wider than the screen (a data table on a 390 px phone): it scrolls sideways,
 * and while there is more to one side a fade with an arrow says so (issue 30, defect 10: the Hindi
 * progress table ran off the right edge with nothing telling the learner to scroll). The cues are
 * drawn over the edge of the row, never taking taps (`pointer-events: none`). `fade`: the colour
 * behind the row, as a Tailwind `from-…` class.
 */
export function HorizontalScroll({
  children,
  className = '',
  fade = 'from-white',
  ...rest
}: HTMLAttributes<HTMLDivElement> & { fade?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => {
      // Right to left (never here today) would mirror this; scrollLeft is ≤ 0 there.
      const before = Math.abs(row.scrollLeft) > 1;
      const after = Math.abs(row.scrollLeft) + row.clientWidth < row.scrollWidth - 1;
      setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(row);
    if (row.firstElementChild) resized?.observe(row.firstElementChild);
    return () => {
      row.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, []);
  return (
    <div className="relative">
      <div ref={ref} className={`overflow-x-auto ${className}`} {...rest}>
        {children}
      </div>
      {more.before && (
        <div
          aria-hidden="true"
          data-scroll-cue="before"
          className={`pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center bg-linear-to-r ${fade} to-transparent`}
        >
          <ChevronLeft className="size-5 text-slate-600" />
        </div>
      )}
      {more.after && (
        <div
          aria-hidden="true"
          data-scroll-cue="after"
          className={`pointer-events-none absolute inset-y-0 right-0 flex w-10 items-center justify-end bg-linear-to-l ${fade} to-transparent`}
        >
          <ChevronRight className="size-5 text-slate-600" />
        </div>
      )}
    </div>
  );
}
