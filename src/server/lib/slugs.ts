import { randomBytes } from 'node:crypto';
import { slugify } from '../../shared/slug';

/** A slug that is readable and, with its random suffix, practically unique: "jane-doe-4f9a2c". */
export function slugWithSuffix(text: string, fallback = 'item'): string {
  return `${slugify(text) || fallback}-${randomBytes(3).toString('hex')}`;
}
