/**
 * The spec's slug algorithm: lowercase, drop characters other than letters, digits, spaces and
 * hyphens, spaces become hyphens, repeated hyphens collapse. Leading and trailing hyphens go too.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export const slugPattern = /^[a-z0-9-]+$/;
