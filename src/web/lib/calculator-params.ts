/**
 * The calculator's URL parameters (`?price=&markup=&clients=&months=`): the GET form the server
 * renders submits them, and the live calculator keeps them. Anything unreadable is ignored.
 */
export type CalculatorParams = { price: string; markup: string; clients: string; months: string };

export const calculatorKeys = ['price', 'markup', 'clients', 'months'] as const;

export function calculatorParamsFrom(params: URLSearchParams): CalculatorParams {
  return { price: params.get('price') ?? '', markup: params.get('markup') ?? '', clients: params.get('clients') ?? '', months: params.get('months') ?? '' };
}

const numberIn = (text: string, min: number, max: number): number | null => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
};

/** The typed values as numbers: a price or markup, 1-10,000 clients (default 1) and 1-120 months (default 12). */
export function calculatorValues(params: CalculatorParams) {
  const clients = numberIn(params.clients, 1, 10_000);
  const months = numberIn(params.months, 1, 120);
  return {
    price: numberIn(params.price, 0, 9_999_999_999),
    markup: numberIn(params.markup, -100, 100_000),
    clients: clients === null ? 1 : Math.floor(clients),
    months: months === null ? 12 : Math.floor(months),
  };
}
