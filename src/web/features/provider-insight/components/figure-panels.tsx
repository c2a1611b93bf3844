import { averageRatingDefinition, dailyFigures, formatChange, formatRate, leadRateDefinition } from '../../../../shared/insight';
import type { Insight } from '../../../../shared/schemas/insight';
import { LineChart } from './line-chart';

const number = new Intl.NumberFormat('en-US');

type Panel = { key: string; label: string; definition: string; value: string; change: string; values: (number | null)[]; format?: (value: number) => string };

/** One panel per figure: its total over the range, its change against the previous period, its definition and its chart. */
export function FigurePanels({ insight }: { insight: Insight }) {
  const { totals, days, previous } = insight;
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  const dailyRate = days.map((day) => (day.uniqueVisitors > 0 ? day.leads / day.uniqueVisitors : null));
  const rateChange =
    totals.leadRate.value === null || totals.leadRate.previous === null
      ? '–'
      : formatChange(Math.round(totals.leadRate.value * 1000), Math.round(totals.leadRate.previous * 1000));
  const panels: Panel[] = [
    ...dailyFigures.map((figure) => ({
      key: figure.key,
      label: figure.label,
      definition: figure.definition,
      value: number.format(totals[figure.key].value),
      change: formatChange(totals[figure.key].value, totals[figure.key].previous),
      values: days.map((day) => day[figure.key]),
    })),
    { key: 'leadRate', label: 'Lead rate', definition: leadRateDefinition, value: formatRate(totals.leadRate.value), change: rateChange, values: dailyRate, format: (v: number) => formatRate(v) },
    {
      key: 'averageRating',
      label: 'Average rating',
      definition: averageRatingDefinition,
      value: totals.newReviews.value > 0 ? (days.reduce((sum, day) => sum + (day.averageRating ?? 0) * day.newReviews, 0) / totals.newReviews.value).toFixed(1) : '–',
      change: '',
      values: days.map((day) => day.averageRating),
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Figures">
      {panels.map((panel) => (
        <li key={panel.key} className="min-w-0 rounded-xl border border-line bg-surface p-4" data-figure={panel.key}>
          <h3 className="text-sm font-medium text-muted">{panel.label}</h3>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <span className="text-2xl font-bold text-ink">{panel.value}</span>
            {panel.change && (
              <span className="text-sm text-muted">
                {panel.change} <span className="sr-only">against</span>
                <span aria-hidden="true">vs</span> {previous.from} – {previous.to}
              </span>
            )}
          </p>
          <p className="mt-1 text-xs text-muted">{panel.definition}</p>
          <div className="mt-3">
            <LineChart label={`${panel.label} per day`} values={panel.values} first={first} last={last} format={panel.format} />
          </div>
        </li>
      ))}
    </ul>
  );
}
