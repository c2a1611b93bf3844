import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { calculate, type FigureInput } from '../../../../shared/partner-figures';
import { formatMoney, formatPercent } from '../../../../shared/partner-wording';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { calculatorKeys, calculatorParamsFrom, calculatorValues, type CalculatorParams } from '../../../lib/calculator-params';
import { countOf } from '../../../../shared/plural';

const field = 'space-y-1 text-sm';

/**
 * What the agency would earn at its own price (or markup), for a number of clients and months.
 * A plain GET form (`?price=&markup=&clients=&months=`) whose answer the server renders, so it
 * works before any script runs; once hydrated, the figures follow each keystroke.
 */
export function ProgrammeCalculator({ input, resale }: { input: FigureInput; resale: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [path] = useLocation();
  const [params, setParams] = useState<CalculatorParams>(() => calculatorParamsFrom(searchParams));
  const values = calculatorValues(params);
  const result = calculate(input, values);
  const formRef = useRef<HTMLFormElement>(null);
  // Whatever was typed into the server's form before the script took over counts from the start.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = Object.fromEntries(calculatorKeys.map((key) => [key, (form.elements.namedItem(key) as HTMLInputElement | null)?.value ?? ''])) as CalculatorParams;
    setParams((current) => (calculatorKeys.some((key) => typed[key] !== current[key]) ? typed : current));
  }, []);
  const set = (key: keyof CalculatorParams) => (event: { target: { value: string } }) => setParams((current) => ({ ...current, [key]: event.target.value }));

  // With the script running, keep the figures in the address (shareable) without reloading the page.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(params)) {
      if (value.trim()) next.set(key, value.trim());
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };

  return (
    <section aria-labelledby="calculator-heading" className="rounded-lg border border-line bg-canvas p-4">
      <h3 id="calculator-heading" className="text-base font-semibold text-ink">
        Profit calculator
      </h3>
      <form ref={formRef} method="get" action={path} onSubmit={submit} className="mt-3 grid grid-cols-2 gap-3">
        <label className={field}>
          <span className="font-medium text-ink">{resale ? 'Your price' : "Your client's price"}</span>
          <Input name="price" inputMode="decimal" value={params.price} onChange={set('price')} placeholder={input.suggestedRetailPrice ?? input.listingPrice ?? ''} />
        </label>
        {resale && (
          <label className={field}>
            <span className="font-medium text-ink">or markup %</span>
            <Input name="markup" inputMode="decimal" value={params.markup} onChange={set('markup')} placeholder="e.g. 50" />
          </label>
        )}
        <label className={field}>
          <span className="font-medium text-ink">Clients</span>
          <Input name="clients" inputMode="numeric" value={params.clients} onChange={set('clients')} placeholder="1" />
        </label>
        <label className={field}>
          <span className="font-medium text-ink">Months</span>
          <Input name="months" inputMode="numeric" value={params.months} onChange={set('months')} placeholder="12" />
        </label>
        <div className="col-span-2">
          <Button type="submit" variant="outline" size="sm">
            Calculate
          </Button>
        </div>
      </form>
      {result ? (
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm" aria-live="polite" data-testid="calculator-result">
          <dt className="text-muted">Price per client</dt>
          <dd className="font-medium text-ink">{formatMoney(result.price, input.priceUnit)}</dd>
          <dt className="text-muted">Monthly profit</dt>
          <dd className="font-semibold text-ink" data-testid="monthly-profit">
            {formatMoney(result.monthlyProfit)}
          </dd>
          <dt className="text-muted">12-month profit</dt>
          <dd className="font-semibold text-ink" data-testid="twelve-month-profit">
            {formatMoney(result.twelveMonthProfit)}
          </dd>
          {values.months !== 12 && (
            <>
              <dt className="text-muted">Profit over {countOf(values.months, 'month')}</dt>
              <dd className="font-medium text-ink">{formatMoney(result.periodProfit)}</dd>
            </>
          )}
          {result.margin !== null && (
            <>
              <dt className="text-muted">Margin</dt>
              <dd className="font-medium text-ink" data-testid="calculator-margin">
                {formatPercent(result.margin)}
              </dd>
            </>
          )}
          {result.markup !== null && (
            <>
              <dt className="text-muted">Markup</dt>
              <dd className="font-medium text-ink">{formatPercent(result.markup)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="mt-4 text-sm text-muted">Enter a price to see your profit.</p>
      )}
      <p className="mt-3 text-xs text-muted">
        An estimate for {values.clients} {values.clients === 1 ? 'client' : 'clients'}, before your own costs; monthly profit is the average over the first 12 months.
      </p>
    </section>
  );
}
