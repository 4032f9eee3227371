import { LABEL_PX, labelWidth, useDrawingWidth } from './use-drawing-width';

/** A plain SVG line chart for a few points per series (0–100 scale), e.g. score % and percentile. */
export interface LineSeries {
  name: string;
  values: number[];
  /** A Tailwind stroke/fill colour class, e.g. "text-brand-700". */
  className: string;
  dashed?: boolean;
}

/** The width drawn before the SVG is measured; the height is half the width, at least 160. */
const FALLBACK_W = 320;
const PAD = { left: 32, right: 10, top: 10, bottom: 24 };

/**
 * Which x labels to draw: every one when they fit side by side, else every k-th counted back from the
 * last (the latest point always has its label), so 12 px labels never run into each other.
 */
export function shownLabels(labels: string[], plotWidth: number): boolean[] {
  const n = labels.length;
  if (n <= 1) return labels.map(() => true);
  const widest = labelWidth(Math.max(...labels.map((l) => l.length))) + LABEL_PX / 2;
  const step = Math.max(1, Math.ceil(widest / (plotWidth / (n - 1))));
  return labels.map((_, i) => (n - 1 - i) % step === 0);
}

export function LineChart({
  series,
  labels,
  titleId,
  descId,
}: {
  series: LineSeries[];
  /** One short label per point (x axis). */
  labels: string[];
  titleId: string;
  descId: string;
}) {
  const [svgRef, W] = useDrawingWidth(FALLBACK_W);
  const H = Math.max(160, Math.round(W / 2));
  const n = labels.length;
  const shown = shownLabels(labels, W - PAD.left - PAD.right);
  const x = (i: number) =>
    PAD.left + (n <= 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v: number) =>
    PAD.top + ((100 - Math.max(-100, Math.min(100, v))) * (H - PAD.top - PAD.bottom)) / 100;
  return (
    <div>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
      >
        {[0, 50, 100].map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-slate-300"
              strokeWidth={0.5}
            />
            <text
              x={PAD.left - 4}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize={LABEL_PX}
              className="fill-slate-600"
            >
              {tick}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          shown[i] ? (
            <text
              key={i}
              x={x(i)}
              y={H - 7}
              // The last point sits at the right edge: its label ends there, not half past it (issue 30,
              // defect 11: "25 No" on the progress chart).
              textAnchor={n > 1 && i === n - 1 ? 'end' : 'middle'}
              fontSize={LABEL_PX}
              className="fill-slate-600"
            >
              {label}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name} className={s.className}>
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeDasharray={s.dashed ? '4 3' : undefined}
              points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}
            />
            {s.values.map((v, i) => (
              <circle key={i} cx={x(i)} cy={y(v)} r={3} fill="currentColor" />
            ))}
          </g>
        ))}
      </svg>
      <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-700" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className="inline-flex items-center gap-1.5">
            <span className={`inline-block h-0.5 w-4 bg-current ${s.className}`} /> {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
