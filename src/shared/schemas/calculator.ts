// zod's small build: the calculator's pages (a listing's, the comparison) otherwise carry no forms,
// and the full build would add more than 20 KB to them; the schema is the same on the server.
import * as z from 'zod/mini';

/**
 * The profit calculator's input, as the listing page's and the comparison's forms send it (GET
 * parameters, so text) and as both validate it: in the server's render of the page and in the
 * browser as one types. A field left empty takes its default (the suggested price, 1 client, 12
 * months); a field typed wrong is an error on that field, never a silent default.
 */
export const CALCULATOR_LIMITS = { price: 9_999_999_999, markupMin: -100, markupMax: 100_000, clients: 10_000, months: 120 } as const;

// "1,200" and "1 200" are how people write prices; "$90" too.
const numberText = /^-?\d+(\.\d+)?$/;
const cleaned = (text: string) => text.replace(/[\s,$]/g, '');

type Bounds = { min: number; max: number; integer?: boolean; notNumber: string; tooLow: string; tooHigh: string };

function numberField(bounds: Bounds) {
  return z.pipe(
    z.string().check(z.maxLength(30, bounds.notNumber)),
    z.transform((raw: string, ctx): number | null => {
      const text = raw.trim();
      if (text === '') return null;
      const plain = cleaned(text);
      if (!numberText.test(plain)) {
        ctx.issues.push({ code: 'custom', message: bounds.notNumber, input: text });
        return z.NEVER;
      }
      const value = Number(plain);
      const message = bounds.integer && !Number.isInteger(value) ? bounds.notNumber : value < bounds.min ? bounds.tooLow : value > bounds.max ? bounds.tooHigh : null;
      if (message) {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return value;
    }),
  );
}

export const calculatorInputSchema = z.object({
  price: z.prefault(numberField({
    min: 0,
    max: CALCULATOR_LIMITS.price,
    notNumber: 'Enter your price as a number, e.g. 90',
    tooLow: 'Your price cannot be negative',
    tooHigh: 'That price is too large',
  }), ''),
  markup: z.prefault(numberField({
    min: CALCULATOR_LIMITS.markupMin,
    max: CALCULATOR_LIMITS.markupMax,
    notNumber: 'Enter the markup as a percentage, e.g. 50',
    tooLow: 'A markup cannot be below -100%',
    tooHigh: `A markup can be at most ${CALCULATOR_LIMITS.markupMax.toLocaleString('en-US')}%`,
  }), ''),
  clients: z.prefault(numberField({
    min: 1,
    max: CALCULATOR_LIMITS.clients,
    integer: true,
    notNumber: 'Enter a whole number of clients, e.g. 5',
    tooLow: 'Clients must be at least 1',
    tooHigh: `Clients can be at most ${CALCULATOR_LIMITS.clients.toLocaleString('en-US')}`,
  }), ''),
  months: z.prefault(numberField({
    min: 1,
    max: CALCULATOR_LIMITS.months,
    integer: true,
    notNumber: 'Enter a whole number of months, e.g. 12',
    tooLow: 'Months must be at least 1',
    tooHigh: `Months can be at most ${CALCULATOR_LIMITS.months} (10 years)`,
  }), ''),
});

export type CalculatorFields = z.input<typeof calculatorInputSchema>;
export const calculatorKeys = ['price', 'markup', 'clients', 'months'] as const;
export type CalculatorKey = (typeof calculatorKeys)[number];

export type CalculatorReading =
  | { ok: true; values: { price: number | null; markup: number | null; clients: number; months: number }; errors: Partial<Record<CalculatorKey, string>> }
  | { ok: false; values: null; errors: Partial<Record<CalculatorKey, string>> };

/** The typed fields read with the schema: the numbers (defaults where left empty), or each wrong field's message. */
export function readCalculator(fields: Partial<Record<CalculatorKey, string>>): CalculatorReading {
  const parsed = calculatorInputSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Partial<Record<CalculatorKey, string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as CalculatorKey;
      errors[key] ??= issue.message;
    }
    return { ok: false, values: null, errors };
  }
  const { price, markup, clients, months } = parsed.data;
  return { ok: true, values: { price, markup, clients: clients ?? 1, months: months ?? 12 }, errors: {} };
}
