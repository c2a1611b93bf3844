import { z } from 'zod';
import { categoryIcons, currentIconName } from '../category-icons';
import { slugPattern } from '../slug';

export const CATEGORY_ICON_MESSAGE = 'Icon must be a lucide icon name the site can show, e.g. chart-line';

/** Blank for no icon, or one of the icons the site draws; a former lucide name becomes the current one. */
const iconName = z.preprocess(
  (value) => (typeof value === 'string' ? currentIconName(value.trim()) : value),
  z.enum(['', ...categoryIcons], { error: CATEGORY_ICON_MESSAGE }).nullish(),
);

/** POST /api/categories and PUT /api/categories/{id}: one schema for the admin form and the route. */
export const categoryFormSchema = z.object({
  name: z.string().trim().min(1, 'Category name is required').max(100, 'Category name must be at most 100 characters'),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .max(100, 'Slug must be at most 100 characters')
    .regex(slugPattern, 'Slug can only contain lowercase letters, numbers, and hyphens'),
  type: z.enum(['services', 'tools'], { message: 'Category type is required' }),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').nullish(),
  icon: iconName,
  parentId: z.number({ message: 'Parent category must be a category id' }).int().positive().nullish(),
  // Inline images make this large; the server cleans it before storing.
  bottomContent: z.string().max(2_000_000, 'The additional content is too large').nullish(),
});

export type CategoryFormInput = z.input<typeof categoryFormSchema>;
export type CategoryFormValues = z.output<typeof categoryFormSchema>;
