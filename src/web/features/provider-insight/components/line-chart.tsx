import { useId } from 'react';

const WIDTH = 300;
const HEIGHT = 80;

/**
 * A line chart drawn as plain SVG with the page, on the server as in the browser: no chart
 * library, no measuring, no script needed to see it. The points stretch to the width they are
 * given; the table below the charts holds the same numbers for screen readers and for reading.
 */
export function LineChart({ label, values, first, last, format = String }: { label: string; values: (number | null)[]; first: string; last: string; format?: (value: number) => string }) {
  const id = useId();
  const numbers = values.map((value) => value ?? 0);
  const top = Math.max(...numbers, 0);
  const scale = top > 0 ? (HEIGHT - 4) / top : 0;
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = numbers.map((value, index) => `${(index * step).toFixed(1)},${(HEIGHT - 2 - value * scale).toFixed(1)}`).join(' ');
  const description = `From ${first} to ${last}; highest ${format(top)}, last day ${format(numbers.at(-1) ?? 0)}.`;
  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-20 w-full overflow-visible text-primary"
        data-chart={label}
      >
        <title id={`${id}-title`}>{label}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1="0" y1={HEIGHT - 1} x2={WIDTH} y2={HEIGHT - 1} stroke="currentColor" strokeOpacity="0.2" vectorEffect="non-scaling-stroke" />
        {values.length === 1 ? (
          <circle cx={WIDTH / 2} cy={HEIGHT - 2 - numbers[0]! * scale} r="2" fill="currentColor" />
        ) : (
          <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        )}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted">
        <span>{first}</span>
        <span>max {format(top)}</span>
        <span>{last}</span>
      </figcaption>
    </figure>
  );
}
