import { seoVariables } from '../../../shared/schemas/seo';

export type SeoVariables = Partial<Record<(typeof seoVariables)[number], string>>;

const isVariable = (key: string): key is keyof SeoVariables => (seoVariables as readonly string[]).includes(key);

/**
 * Fills {name}, {category} ... into a template. A variable the page has no value for becomes empty,
 * and the separators it leaves behind (' |  | ', trailing ' - ') are tidied so titles never read broken.
 */
export function fillTemplate(template: string, variables: SeoVariables): string {
  const filled = template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    isVariable(key) ? (variables[key] ?? '') : whole,
  );
  return filled
    .replace(/\s+/g, ' ')
    .replace(/\s([|\-–—·])(?:\s[|\-–—·])+\s/g, ' $1 ')
    .replace(/^[\s|–—·-]+|[\s|–—·-]+$/g, '')
    .trim();
}

/** Text for a meta description: one line, at most `max` characters, cut at a word. */
export function summarize(text: string | null | undefined, max = 160): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length);
  return `${atWord.replace(/[\s.,;:]+$/, '')}…`;
}
