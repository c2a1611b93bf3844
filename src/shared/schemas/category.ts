import { z } from 'zod';
import { slugPattern } from '../slug';

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
  icon: z.string().trim().max(100, 'Icon class must be at most 100 characters').nullish(),
  parentId: z.number({ message: 'Parent category must be a category id' }).int().positive().nullish(),
  // Inline images make this large; the server cleans it before storing.
  bottomContent: z.string().max(2_000_000, 'The additional content is too large').nullish(),
});

export type CategoryFormInput = z.input<typeof categoryFormSchema>;
export type CategoryFormValues = z.output<typeof categoryFormSchema>;
