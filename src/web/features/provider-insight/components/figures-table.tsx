import { dailyFigures } from '../../../../shared/insight';
import type { Insight } from '../../../../shared/schemas/insight';

/** The same numbers as the charts, a row per day: what the CSV export holds, line for line. */
export function FiguresTable({ insight }: { insight: Insight }) {
  return (
    <div className="max-h-[32rem] overflow-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label="Daily figures table">
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <caption className="sr-only">
          Daily figures from {insight.range.from} to {insight.range.to}
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Day
            </th>
            {dailyFigures.map((figure) => (
              <th key={figure.key} scope="col" className="px-3 py-2 text-right font-medium">
                {figure.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Average rating
            </th>
          </tr>
        </thead>
        <tbody>
          {insight.days.map((day) => (
            <tr key={day.day} className="border-t border-line">
              <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                {day.day}
              </th>
              {dailyFigures.map((figure) => (
                <td key={figure.key} className="px-3 py-1.5 text-right tabular-nums">
                  {day[figure.key]}
                </td>
              ))}
              <td className="px-3 py-1.5 text-right tabular-nums">{day.averageRating ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
