import type { ReviewStats } from '@quizcast/contract/schemas/review';

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** Cards due on each of the next 14 days: a bar chart (decorative) and the same figures as a table. */
export function ForecastChart({ forecast }: { forecast: ReviewStats['forecast'] }) {
  const max = Math.max(1, ...forecast.map((d) => d.count));
  const width = 14 * 24;
  const height = 100;
  const summary = `Cards due: ${forecast
    .map((d, i) => `${i === 0 ? 'today' : dayLabel(d.date)} ${d.count}`)
    .join(', ')}`;
  return (
    <figure className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <figcaption className="text-sm font-semibold text-slate-700">Due in the next 14 days</figcaption>
      <svg viewBox={`0 0 ${width} ${height + 16}`} className="mt-3 w-full" role="img" aria-label={summary}>
        {forecast.map((day, i) => {
          const h = Math.round((day.count / max) * height);
          return (
            <g key={day.date}>
              <rect x={i * 24 + 4} y={height - h} width={16} height={h} rx={3} className="fill-brand-600" />
              <text x={i * 24 + 12} y={height + 12} textAnchor="middle" className="fill-slate-600 text-[9px]">
                {i === 0 ? 'T' : new Date(`${day.date}T00:00:00Z`).getUTCDate()}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-800">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Cards due per day, next 14 days</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 font-semibold">
                Day
              </th>
              <th scope="col" className="py-1 font-semibold">
                Cards due
              </th>
            </tr>
          </thead>
          <tbody>
            {forecast.map((day, i) => (
              <tr key={day.date} className="border-t border-slate-100">
                <td className="py-1">{i === 0 ? `Today (${dayLabel(day.date)})` : dayLabel(day.date)}</td>
                <td className="py-1">{day.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
