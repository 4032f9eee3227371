import { Volume2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useQuestionReader } from '../../hooks/use-question-reader';
import { commonCatalog } from '../../i18n/messages/catalog';
import { HorizontalScroll } from '../ui/horizontal-scroll';
import { useLanguage, useT } from '../../i18n/use-t';

export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/** The table as one sentence per row, for reading aloud ("Quiz: SSC mock, Score: 62%."). */
export function tableSpeech(title: string, table: ChartTable): string {
  const rows = table.rows.map((row) => row.map((cell, i) => `${table.columns[i]}: ${cell}`).join(', ') + '.');
  return [`${title}.`, ...rows].join(' ');
}

/**
 * A chart with its accessible name and the same data as a table (ADR 017): the SVG is an image named
 * by the title (its summary as the description); the table below holds every figure and can be read
 * aloud with the listening voice and speed the learner chose.
 */
export function ChartFigure({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  /** One sentence with the chart's main message, e.g. "Your score rose from 40% to 62%". */
  summary: string;
  table: ChartTable;
  /** The SVG; it gets role="img" and its name from this figure. */
  children: (labels: { titleId: string; descId: string }) => ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const reader = useQuestionReader();
  const t = useT(commonCatalog);
  const language = useLanguage();
  const tableName = t('common.chart.dataTable', { title });
  return (
    <figure
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={titleId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-bold text-slate-900">
          {title}
        </h3>
        {reader.speechSupported && (
          <button
            type="button"
            onClick={() => (reader.reading ? reader.stop() : reader.say(tableSpeech(title, table), language))}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50 active:bg-slate-100"
          >
            <Volume2 className="size-4" aria-hidden="true" />
            {reader.reading ? t('common.chart.stopReading') : t('common.chart.readAloud')}
          </button>
        )}
      </div>
      <p id={descId} className="mt-1 text-sm text-slate-700">
        {summary}
      </p>
      <div className="mt-3">{children({ titleId, descId })}</div>
      <HorizontalScroll className="mt-3" role="region" aria-label={tableName} tabIndex={0}>
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">{tableName}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-700">
              {table.columns.map((c) => (
                <th key={c} scope="col" className="px-2 py-1.5 font-semibold">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r} className="border-b border-slate-100 last:border-0">
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" className="px-2 py-1.5 font-medium text-slate-900">
                      {cell}
                    </th>
                  ) : (
                    <td key={c} className="px-2 py-1.5 text-slate-800 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </HorizontalScroll>
    </figure>
  );
}
