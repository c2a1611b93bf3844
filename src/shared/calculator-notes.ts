import { formatMoney, formatPercent } from './partner-wording';
import type { PriceUnit } from './partner-figures';

/**
 * What the calculator says beside its figures: which typed input the price came from (a price
 * typed beside a markup wins, and the person is told so), and a warning when that price sells
 * below what the agency pays or below the programme's minimum retail price.
 */
export function priceSourceNote(values: { price: number | null; markup: number | null }, wholesale: string | null, suggested: number | null, unit: PriceUnit): string {
  if (values.price !== null && values.markup !== null) return `Using your price of ${formatMoney(values.price, unit)}; the markup is ignored (clear the price to work from a markup).`;
  if (values.price !== null) return `Using your price of ${formatMoney(values.price, unit)}.`;
  if (values.markup !== null && wholesale !== null) return `Using a ${formatPercent(values.markup)} markup on what you pay (${formatMoney(wholesale, unit)}).`;
  return suggested === null ? 'Enter a price to see your profit.' : `Using the suggested retail price of ${formatMoney(suggested, unit)}.`;
}

export function priceWarnings(price: number, terms: { wholesalePrice: string | null; minRetailPrice: string | null; priceUnit: PriceUnit }): string[] {
  const warnings: string[] = [];
  const wholesale = terms.wholesalePrice === null ? null : Number(terms.wholesalePrice);
  const floor = terms.minRetailPrice === null ? null : Number(terms.minRetailPrice);
  if (wholesale !== null && price < wholesale) {
    warnings.push(`${formatMoney(price, terms.priceUnit)} is below what you pay (${formatMoney(wholesale, terms.priceUnit)}): you lose ${formatMoney(wholesale - price)} on every client payment.`);
  }
  if (floor !== null && price < floor) {
    warnings.push(`${formatMoney(price, terms.priceUnit)} is below the programme's minimum retail price (${formatMoney(floor, terms.priceUnit)}): the programme may not let you sell at it.`);
  }
  return warnings;
}
