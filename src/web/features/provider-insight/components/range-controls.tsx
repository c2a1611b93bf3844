import { withQuery } from '../../../lib/api';
import type { Insight } from '../../../../shared/schemas/insight';

const presets = [
  { range: '7', label: '7 days' },
  { range: '30', label: '30 days' },
  { range: '90', label: '90 days' },
  { range: '365', label: '365 days' },
] as const;

const field = 'h-10 rounded-md border border-line bg-surface px-3 text-sm';
const button = 'h-10 rounded-md border border-line bg-surface px-4 text-sm font-medium hover:bg-slate-50';

/**
 * The range and the listing, as plain links and GET forms: each is a new address the server
 * renders, so they work before (and without) the page's code.
 */
export function RangeControls({ insight }: { insight: Insight }) {
  const listing = insight.listing ? String(insight.listing.id) : undefined;
  const current = insight.range.range;
  return (
    <div className="space-y-4">
      <nav aria-label="Range">
        <ul className="flex flex-wrap gap-2">
          {presets.map((preset) => (
            <li key={preset.range}>
              <a
                href={withQuery('/provider/insight', { range: preset.range, listing })}
                aria-current={current === preset.range ? 'page' : undefined}
                className={`inline-flex h-10 items-center rounded-md border px-4 text-sm font-medium ${current === preset.range ? 'border-primary bg-primary text-white' : 'border-line bg-surface hover:bg-slate-50'}`}
              >
                {preset.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-end gap-4">
        <form method="get" action="/provider/insight" className="flex flex-wrap items-end gap-2" aria-label="Custom range">
          <input type="hidden" name="range" value="custom" />
          {listing && <input type="hidden" name="listing" value={listing} />}
          <label className="flex flex-col text-sm">
            From
            <input type="date" name="from" required defaultValue={insight.range.from} className={field} />
          </label>
          <label className="flex flex-col text-sm">
            To
            <input type="date" name="to" required defaultValue={insight.range.to} className={field} />
          </label>
          <button type="submit" className={button}>
            Show range
          </button>
        </form>
        <form method="get" action="/provider/insight" className="flex flex-wrap items-end gap-2" aria-label="Listing">
          <input type="hidden" name="range" value={current} />
          {current === 'custom' && (
            <>
              <input type="hidden" name="from" value={insight.range.from} />
              <input type="hidden" name="to" value={insight.range.to} />
            </>
          )}
          <label className="flex flex-col text-sm">
            Listing
            <select name="listing" defaultValue={listing ?? ''} className={`${field} max-w-[16rem]`}>
              <option value="">All listings</option>
              {insight.listings.map((own) => (
                <option key={own.id} value={own.id}>
                  {own.title}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={button}>
            Show listing
          </button>
        </form>
      </div>
    </div>
  );
}
