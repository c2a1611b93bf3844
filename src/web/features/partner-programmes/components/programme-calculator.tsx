import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { priceSourceNote, priceWarnings } from '../../../../shared/calculator-notes';
import { calculate, retailPrice, type FigureInput } from '../../../../shared/partner-figures';
import { formatMoney, formatPercent } from '../../../../shared/partner-wording';
import { countOf } from '../../../../shared/plural';
import { calculatorKeys, readCalculator, type CalculatorKey } from '../../../../shared/schemas/calculator';
import { Button } from '../../../components/ui/button';
import { CALCULATOR_ANCHOR } from './calculator-anchor';
import { CalculatorField } from './calculator-field';

type Params = Record<CalculatorKey, string>;

const field = 'space-y-1 text-sm';
const paramsFrom = (search: URLSearchParams): Params => Object.fromEntries(calculatorKeys.map((key) => [key, search.get(key) ?? ''])) as Params;

/**
 * What the agency would earn at its own price (or markup), for a number of clients and months.
 * A plain GET form (`?price=&markup=&clients=&months=`) that lands on this section, whose answer
 * the server renders, so it works before any script runs; once hydrated, the figures follow each
 * keystroke. Both read the fields with the same schema: a field typed wrong says so and no figure
 * is shown, rather than a figure for a default nobody typed.
 */
export function ProgrammeCalculator({ input, resale, minRetailPrice }: { input: FigureInput; resale: boolean; minRetailPrice: string | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [path] = useLocation();
  const [params, setParams] = useState<Params>(() => paramsFrom(searchParams));
  const reading = readCalculator(resale ? params : { ...params, markup: '' });
  const result = reading.ok ? calculate(input, reading.values) : null;
  const formRef = useRef<HTMLFormElement>(null);
  // Whatever was typed into the server's form before the script took over counts from the start.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = Object.fromEntries(calculatorKeys.map((key) => [key, (form.elements.namedItem(key) as HTMLInputElement | null)?.value ?? ''])) as Params;
    setParams((current) => (calculatorKeys.some((key) => typed[key] !== current[key]) ? typed : current));
  }, []);

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

  const numberInput = (key: CalculatorKey, label: string, placeholder: string, inputMode: 'decimal' | 'numeric') => (
    <CalculatorField
      id={`calculator-${key}`}
      name={key}
      label={label}
      value={params[key]}
      onChange={(value) => setParams((current) => ({ ...current, [key]: value }))}
      placeholder={placeholder}
      inputMode={inputMode}
      error={reading.errors[key]}
      className={field}
    />
  );

  const warnings = result && resale ? priceWarnings(result.price, { wholesalePrice: input.wholesalePrice, minRetailPrice, priceUnit: input.priceUnit }) : [];
  const suggested = retailPrice(input);

  return (
    <section id={CALCULATOR_ANCHOR} aria-labelledby="calculator-heading" className="rounded-lg border border-line bg-canvas p-4">
      <h3 id="calculator-heading" className="text-base font-semibold text-ink">
        Profit calculator
      </h3>
      {/* The fragment brings a submit without the script back to this section, not to the top of the page. */}
      <form ref={formRef} method="get" action={`${path}#${CALCULATOR_ANCHOR}`} onSubmit={submit} noValidate className="mt-3 grid grid-cols-2 gap-3">
        {numberInput('price', resale ? 'Your price' : "Your client's price", suggested === null ? '' : String(suggested), 'decimal')}
        {resale && numberInput('markup', 'or markup %', 'e.g. 50', 'decimal')}
        {numberInput('clients', 'Clients', '1', 'numeric')}
        {numberInput('months', 'Months', '12', 'numeric')}
        <div className="col-span-2">
          <Button type="submit" variant="outline" size="sm">
            Calculate
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {!reading.ok ? (
          <p className="mt-4 text-sm text-danger" data-testid="calculator-invalid">
            Correct the fields marked above to see your profit.
          </p>
        ) : result ? (
          <>
            <p className="mt-4 text-sm text-muted" data-testid="calculator-price-source">
              {priceSourceNote(reading.values, resale ? input.wholesalePrice : null, suggested, input.priceUnit)}
            </p>
            {warnings.map((warning) => (
              <p key={warning} className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="calculator-warning">
                {warning}
              </p>
            ))}
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm" data-testid="calculator-result">
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
              {reading.values.months !== 12 && (
                <>
                  <dt className="text-muted">Profit over {countOf(reading.values.months, 'month')}</dt>
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
            <p className="mt-3 text-xs text-muted">
              An estimate for {countOf(reading.values.clients, 'client')}, before your own costs; monthly profit is the average over the first 12 months.
            </p>
          </>
        ) : (
          <p className="mt-4 text-sm text-muted">Enter a price to see your profit.</p>
        )}
      </div>
    </section>
  );
}
