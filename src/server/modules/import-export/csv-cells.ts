/**
 * How values become CSV cells and back (docs/import-format.md).
 *
 * Formula neutralisation (OWASP "CSV injection"): a spreadsheet runs a cell that starts with
 * = + - @, a tab or a carriage return as a formula, so such a cell is written with an apostrophe in
 * front. To keep the round trip lossless the rule is a bijection: export adds one apostrophe to any
 * value matching /^'*[=+\-@\t\r]/ (so a value that already starts with apostrophes before a
 * formula character gets one more), and import removes one apostrophe from any cell matching
 * /^'+[=+\-@\t\r]/. Every other value, including an ordinary leading apostrophe ("'tis"), is
 * written and read unchanged.
 */
const EXPORT_NEEDS_GUARD = /^'*[=+\-@\t\r]/;
const IMPORT_HAS_GUARD = /^'+[=+\-@\t\r]/;

export const neutralise = (value: string): string => (EXPORT_NEEDS_GUARD.test(value) ? `'${value}` : value);

export const restore = (cell: string): string => (IMPORT_HAS_GUARD.test(cell) ? cell.slice(1) : cell);

/**
 * Tags and features share one cell, joined with "|". A "|" or "\" inside an item is written with a
 * backslash in front, so items holding either come back whole.
 */
export const joinList = (items: readonly string[]): string => items.map((item) => item.replace(/[\\|]/g, (c) => `\\${c}`)).join('|');

export function splitList(cell: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    if (c === '\\' && i + 1 < cell.length) {
      current += cell[++i];
    } else if (c === '|') {
      items.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  items.push(current);
  return cell === '' ? [] : items;
}
