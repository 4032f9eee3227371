/** Plain SVG horizontal bars on a 0–max scale, one row per item (accuracy by topic, time per question). */
export interface Bar {
  label: string;
  value: number;
  /** A second, thinner bar for comparison (e.g. the top 10%'s median). */
  compare?: number | null;
}

const ROW = 26;
const LABEL_W = 110;
const W = 320;

export function BarChart({
  bars,
  max,
  titleId,
  descId,
  barClassName = 'text-brand-600',
  compareClassName = 'text-amber-700',
  legend,
}: {
  bars: Bar[];
  max: number;
  titleId: string;
  descId: string;
  barClassName?: string;
  compareClassName?: string;
  legend?: { bar: string; compare?: string };
}) {
  const scale = (v: number) => (max > 0 ? (Math.max(0, v) / max) * (W - LABEL_W - 8) : 0);
  const h = Math.max(ROW, bars.length * ROW);
  return (
    <div>
      <svg
        viewBox={`0 0 ${W} ${h}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
      >
        {bars.map((bar, i) => (
          <g key={`${bar.label}-${i}`} transform={`translate(0 ${i * ROW})`}>
            <text x={LABEL_W - 6} y={ROW / 2 + 3} textAnchor="end" fontSize={10} className="fill-slate-700">
              {bar.label.length > 18 ? `${bar.label.slice(0, 17)}…` : bar.label}
            </text>
            <rect
              x={LABEL_W}
              y={4}
              width={scale(bar.value)}
              height={bar.compare == null ? 16 : 10}
              rx={2}
              className={`fill-current ${barClassName}`}
            />
            {bar.compare != null && (
              <rect
                x={LABEL_W}
                y={16}
                width={scale(bar.compare)}
                height={6}
                rx={2}
                className={`fill-current ${compareClassName}`}
              />
            )}
          </g>
        ))}
      </svg>
      {legend && (
        <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-700" aria-hidden="true">
          <li className="inline-flex items-center gap-1.5">
            <span className={`inline-block size-3 rounded-sm bg-current ${barClassName}`} /> {legend.bar}
          </li>
          {legend.compare && (
            <li className="inline-flex items-center gap-1.5">
              <span className={`inline-block size-3 rounded-sm bg-current ${compareClassName}`} />{' '}
              {legend.compare}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
