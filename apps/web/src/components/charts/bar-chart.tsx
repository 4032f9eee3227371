import { LABEL_PX, labelWidth, useDrawingWidth } from './use-drawing-width';

/** Plain SVG horizontal bars on a 0–max scale, one row per item (accuracy by topic, time per question). */
export interface Bar {
  label: string;
  value: number;
  /** A second, thinner bar for comparison (e.g. the top 10%'s median). */
  compare?: number | null;
}

const ROW = 28;
/** The width drawn before the SVG is measured. */
const FALLBACK_W = 320;

/** A label cut to what fits in `room` pixels at LABEL_PX, with an ellipsis when cut. */
export function fitLabel(label: string, room: number): string {
  const chars = Math.max(4, Math.floor(room / labelWidth(1)));
  return label.length > chars ? `${label.slice(0, chars - 1)}…` : label;
}

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
  const [svgRef, W] = useDrawingWidth(FALLBACK_W);
  // The labels' column: 45% of the width, between 110 and 220 px.
  const LABEL_W = Math.min(220, Math.max(110, Math.round(W * 0.45)));
  const scale = (v: number) => (max > 0 ? (Math.max(0, v) / max) * (W - LABEL_W - 8) : 0);
  const h = Math.max(ROW, bars.length * ROW);
  return (
    <div>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${W} ${h}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
      >
        {bars.map((bar, i) => (
          <g key={`${bar.label}-${i}`} transform={`translate(0 ${i * ROW})`}>
            <text
              x={LABEL_W - 6}
              y={ROW / 2 + 4}
              textAnchor="end"
              fontSize={LABEL_PX}
              className="fill-slate-700"
            >
              {fitLabel(bar.label, LABEL_W - 6)}
            </text>
            <rect
              x={LABEL_W}
              y={5}
              width={scale(bar.value)}
              height={bar.compare == null ? 18 : 11}
              rx={2}
              className={`fill-current ${barClassName}`}
            />
            {bar.compare != null && (
              <rect
                x={LABEL_W}
                y={18}
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
