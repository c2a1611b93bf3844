import { COMMISSION_TYPES, RESALE_TYPES, type ProgrammeType, type WhiteLabelFeature } from './partner-programme-values';

/**
 * Figures derived from a partner programme's terms, computed wherever they are shown and never
 * stored (docs/decisions/partner-programmes.md): margin and markup at a retail price, the
 * white-label level, one comparable "earnings per client per month over the first 12 months",
 * and the calculator's profit at the agency's own price. Money arrives as the API's decimal
 * strings; null means not given or not visible to the viewer, and then so is the figure.
 */

export type PriceUnit = 'fixed' | 'monthly' | 'hourly' | null;

/** What the figures read of a programme: its numbers (null when hidden) and the listing's price. */
export type FigureInput = {
  types: readonly ProgrammeType[];
  wholesalePrice: string | null;
  suggestedRetailPrice: string | null;
  setupFeeWholesale: string | null;
  setupFeeSuggested: string | null;
  commissionType: 'percent' | 'flat' | null;
  commissionValue: string | null;
  commissionMonths: number | 'lifetime' | null;
  listingPrice: string | null;
  priceUnit: PriceUnit;
};

export type WhiteLabelLevel = 'full' | 'partial' | 'none';

/** What "full" white-label takes: the client never meets the vendor, in the product or in reports, and the vendor may not poach them. */
export const FULL_WHITE_LABEL: readonly WhiteLabelFeature[] = ['custom_domain', 'vendor_branding_removed', 'branded_reports', 'non_solicitation'];

export function whiteLabelLevel(features: readonly WhiteLabelFeature[]): WhiteLabelLevel {
  if (FULL_WHITE_LABEL.every((feature) => features.includes(feature))) return 'full';
  return features.length > 0 ? 'partial' : 'none';
}

const amount = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));
const round2 = (value: number) => Math.round(value * 100) / 100;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The retail price the figures assume: the suggested one, else the listing's own price. */
export function retailPrice(input: Pick<FigureInput, 'suggestedRetailPrice' | 'listingPrice'>): number | null {
  return amount(input.suggestedRetailPrice) ?? amount(input.listingPrice);
}

/** Share of the retail price the agency keeps, in percent (one decimal); null when it cannot be known. */
export function marginPercent(retail: number | null, wholesale: number | null): number | null {
  if (retail === null || wholesale === null || retail <= 0) return null;
  return round1(((retail - wholesale) / retail) * 100);
}

/** What the agency adds on top of its cost, in percent of that cost (one decimal); null when it cannot be known. */
export function markupPercent(retail: number | null, wholesale: number | null): number | null {
  if (retail === null || wholesale === null || wholesale <= 0) return null;
  return round1(((retail - wholesale) / wholesale) * 100);
}

const hasResale = (types: readonly ProgrammeType[]) => types.some((type) => RESALE_TYPES.includes(type));
const hasCommission = (types: readonly ProgrammeType[]) => types.some((type) => COMMISSION_TYPES.includes(type));

/** How many of the first `months` months a commission is paid for: 1 for a one-off (0), all of them for lifetime. */
function paidMonths(commissionMonths: number | 'lifetime' | null, months: number): number {
  if (commissionMonths === 'lifetime') return months;
  if (commissionMonths === null || commissionMonths === 0) return Math.min(1, months);
  return Math.min(commissionMonths, months);
}

/**
 * Resale profit per client over `months` at the agency's `price`: a monthly or hourly price is
 * billed once a month (hourly: one hour a month, the only comparable unit), a fixed price once;
 * the setup fee's profit once.
 */
function resaleProfit(input: FigureInput, price: number, months: number): number | null {
  const wholesale = amount(input.wholesalePrice);
  if (wholesale === null) return null;
  const billed = input.priceUnit === 'fixed' ? Math.min(1, months) : months;
  const setup = (amount(input.setupFeeSuggested) ?? 0) - (amount(input.setupFeeWholesale) ?? 0);
  return (price - wholesale) * billed + (months > 0 ? Math.max(setup, 0) : 0);
}

/** Commission per client over `months` on a client paying `price`: a percent of each payment, or a flat amount each paid month. */
function commissionProfit(input: FigureInput, price: number | null, months: number): number | null {
  const value = amount(input.commissionValue);
  if (value === null || input.commissionType === null) return null;
  const paid = paidMonths(input.commissionMonths, months);
  if (input.commissionType === 'flat') return value * paid;
  if (price === null) return null;
  // A fixed price is paid once, so a percent of it is earned once whatever the months.
  const payments = input.priceUnit === 'fixed' ? Math.min(1, paid) : paid;
  return (value / 100) * price * payments;
}

export type Earnings = { perClientMonth: number; model: 'resale' | 'commission' };

/**
 * The one figure that compares programmes of every model: what one client earns the agency per
 * month over its first 12 months, at the suggested retail price (an estimate). A programme of
 * several models counts the better one.
 */
export function earningsPerClientMonth(input: FigureInput): Earnings | null {
  const retail = retailPrice(input);
  const options: Earnings[] = [];
  if (hasResale(input.types) && retail !== null) {
    const profit = resaleProfit(input, retail, 12);
    if (profit !== null) options.push({ perClientMonth: round2(profit / 12), model: 'resale' });
  }
  if (hasCommission(input.types)) {
    const profit = commissionProfit(input, retail, 12);
    if (profit !== null) options.push({ perClientMonth: round2(profit / 12), model: 'commission' });
  }
  if (options.length === 0) return null;
  return options.reduce((best, option) => (option.perClientMonth > best.perClientMonth ? option : best));
}

export type CalculatorInput = {
  /** The agency's own price per unit; when absent, `markup` on the wholesale price, else the suggested retail price. */
  price?: number | null;
  markup?: number | null;
  clients: number;
  months: number;
};

export type CalculatorResult = {
  model: 'resale' | 'commission';
  price: number;
  monthlyProfit: number;
  twelveMonthProfit: number;
  periodProfit: number;
  margin: number | null;
  markup: number | null;
};

/** The price a calculator run assumes: the one typed, else the markup on wholesale, else the suggested retail price. */
export function calculatorPrice(input: FigureInput, calc: Pick<CalculatorInput, 'price' | 'markup'>): number | null {
  if (calc.price !== null && calc.price !== undefined) return calc.price;
  const wholesale = amount(input.wholesalePrice);
  if (calc.markup !== null && calc.markup !== undefined && wholesale !== null) return round2(wholesale * (1 + calc.markup / 100));
  return retailPrice(input);
}

/**
 * The calculator: the agency's profit for `clients` clients at its own price, per month (the
 * average over the first 12 months), over 12 months and over `months`, with margin and markup.
 * Resale when the programme resells, otherwise commission on the client's price.
 */
export function calculate(input: FigureInput, calc: CalculatorInput): CalculatorResult | null {
  const price = calculatorPrice(input, calc);
  if (price === null) return null;
  const resale = hasResale(input.types) && amount(input.wholesalePrice) !== null;
  const profitOver = (months: number) => (resale ? resaleProfit(input, price, months) : commissionProfit(input, price, months));
  const twelve = profitOver(12);
  const period = profitOver(calc.months);
  if (twelve === null || period === null) return null;
  const wholesale = amount(input.wholesalePrice);
  return {
    model: resale ? 'resale' : 'commission',
    price,
    monthlyProfit: round2((twelve / 12) * calc.clients),
    twelveMonthProfit: round2(twelve * calc.clients),
    periodProfit: round2(period * calc.clients),
    margin: resale ? marginPercent(price, wholesale) : null,
    markup: resale ? markupPercent(price, wholesale) : null,
  };
}
