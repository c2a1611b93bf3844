import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { formatMoney, formatPercent } from '../../../../shared/partner-wording';
import { readCalculator, type CalculatorReading } from '../../../../shared/schemas/calculator';
import { Button } from '../../../components/ui/button';
import { CalculatorField } from '../../partner-programmes/components/calculator-field';

type Key = 'price' | 'markup' | 'clients';
type Fields = Record<Key, string>;
const keys: readonly Key[] = ['price', 'markup', 'clients'];

/** The id the calculator's form lands on when submitted without the script: the figures, not the top of the page. */
export const COMPARE_PROFIT_ANCHOR = 'compare-profit';

/** The shared price, markup and clients as typed (from the address at first), read with the calculator's schema. */
export function useCalculatorFields() {
  const [params] = useSearchParams();
  const [fields, setFields] = useState<Fields>(() => ({ price: params.get('price') ?? '', markup: params.get('markup') ?? '', clients: params.get('clients') ?? '' }));
  return { fields, setFields, reading: readCalculator(fields) };
}

export type CalculatorFieldsState = ReturnType<typeof useCalculatorFields>;

const priceNote = (reading: Extract<CalculatorReading, { ok: true }>) => {
  const { price, markup } = reading.values;
  if (price !== null && markup !== null) return `Using your price of ${formatMoney(price)} for every listing; the markup is ignored (clear the price to work from a markup).`;
  if (price !== null) return `Using your price of ${formatMoney(price)} for every listing.`;
  if (markup !== null) return `Using a ${formatPercent(markup)} markup on what you pay for each listing.`;
  return "Using each programme's suggested retail price.";
};

/**
 * One price (or markup) and client count for every listing compared. A GET form whose answer the
 * server renders (the table's profit rows), landing on the figures; with the script the table
 * follows each keystroke, as the listing page's calculator does, and the address keeps the figures.
 */
export function CompareCalculator({ calculator, ids, from }: { calculator: CalculatorFieldsState; ids: number[]; from: string | null }) {
  const { fields, setFields, reading } = calculator;
  const [params, setParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  // Whatever was typed into the server's form before the script took over counts from the start.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = Object.fromEntries(keys.map((key) => [key, (form.elements.namedItem(key) as HTMLInputElement | null)?.value ?? ''])) as Fields;
    setFields((current) => (keys.some((key) => typed[key] !== current[key]) ? typed : current));
  }, [setFields]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    for (const key of keys) {
      if (fields[key].trim()) next.set(key, fields[key].trim());
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  const field = (key: Key, label: string, placeholder: string, width: string) => (
    <CalculatorField
      id={`compare-${key}`}
      name={key}
      label={label}
      value={fields[key]}
      onChange={(value) => setFields((current) => ({ ...current, [key]: value }))}
      placeholder={placeholder}
      inputMode={key === 'clients' ? 'numeric' : 'decimal'}
      error={reading.errors[key]}
      className="space-y-1 text-sm"
      inputClassName={width}
    />
  );

  return (
    <section aria-label="Profit at one price" className="rounded-xl border border-line bg-surface p-4">
      <form ref={formRef} method="get" action={`/compare#${COMPARE_PROFIT_ANCHOR}`} onSubmit={submit} noValidate className="grid grid-cols-3 items-start gap-2 sm:flex sm:flex-wrap sm:gap-3">
        <input type="hidden" name="ids" value={ids.join(',')} />
        {from && <input type="hidden" name="from" value={from} />}
        {field('price', 'Your price', 'suggested', 'sm:w-28')}
        {field('markup', 'or markup %', 'e.g. 50', 'sm:w-28')}
        {field('clients', 'Clients', '1', 'sm:w-20')}
        <Button type="submit" variant="outline" className="col-span-3 justify-self-start sm:mt-6">
          Calculate
        </Button>
      </form>
      <p className="mt-3 text-sm" aria-live="polite" data-testid="calculator-price-source">
        {reading.ok ? <span className="text-muted">{priceNote(reading)}</span> : <span className="text-danger">Correct the fields marked above to see the profit.</span>}
      </p>
    </section>
  );
}
