import { z } from 'zod';

/** The page types an administrator writes templates and overrides for (SPEC.md, SEO Settings). */
export const seoPageTypes = ['home', 'category', 'service', 'tool'] as const;
export type SeoPageType = (typeof seoPageTypes)[number];

/** Every page the client asks GET /api/meta/{page} about; the first four can have templates. */
export const metaPages = [
  ...seoPageTypes,
  'tools',
  'services',
  'trending',
  'categories',
  'compare',
  'company',
  'favorites',
  'dashboard',
  'provider',
  'admin',
  'auth',
  'contact',
  'privacy-policy',
  'terms-conditions',
  'how-reviews-work',
  'pricing',
  'reset-password',
  'invitation',
  'claim-listing',
  'not-found',
] as const;
export type MetaPage = (typeof metaPages)[number];

/** The variables a template may use, written {name} in the text. */
export const seoVariables = ['name', 'category', 'siteName', 'description', 'price', 'deliveryTime', 'rating'] as const;

export const metaParamsSchema = z.object({ page: z.enum(metaPages, { message: 'Unknown page' }) });
export const metaQuerySchema = z.object({
  entityId: z.string().trim().max(200).optional(),
  /** A category slug is unique only within its type, so the category page says which. */
  type: z.enum(['tools', 'services']).optional(),
});

const templateText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const seoTemplateSchema = z.object({
  title: templateText('Title template', 200),
  description: templateText('Description template', 500),
});
export type SeoTemplateInput = z.infer<typeof seoTemplateSchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

export const seoOverrideSchema = z
  .object({
    pageType: z.enum(seoPageTypes, { message: 'Page type is required' }),
    entityId: optionalText(200, 'Entity id'),
    title: optionalText(200, 'Custom title'),
    description: optionalText(500, 'Custom description'),
  })
  .refine((value) => value.title || value.description, {
    message: 'Enter a custom title or a custom description',
    path: ['title'],
  });
export type SeoOverrideInput = z.input<typeof seoOverrideSchema>;

export type SeoTemplate = { pageType: SeoPageType; title: string; description: string; updatedAt: string | null };
export type SeoOverride = {
  id: number;
  pageType: SeoPageType;
  entityId: string | null;
  title: string | null;
  description: string | null;
  updatedAt: string;
};
