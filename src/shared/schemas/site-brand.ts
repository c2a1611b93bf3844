import { z } from 'zod';
import { AA_CONTRAST, contrastRatio } from '../contrast';

/** The page's backgrounds an accent colour is drawn on (src/web/styles.css: surface and canvas), and white text is drawn on it. */
export const PAGE_BACKGROUNDS = ['#ffffff', '#f8fafc'] as const;
/** The accent colour of the stylesheet, until an administrator picks another. */
export const DEFAULT_ACCENT = '#4f46e5';

const HEX = /^#[0-9a-f]{6}$/i;

/** The lowest contrast of a colour against the page's backgrounds, rounded down to two places. */
export function accentContrast(colour: string): number {
  return Math.floor(Math.min(...PAGE_BACKGROUNDS.map((bg) => contrastRatio(colour, bg))) * 100) / 100;
}

const accentColour = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX, 'Enter the accent colour as #rrggbb, e.g. #4f46e5')
  .superRefine((colour, ctx) => {
    const ratio = accentContrast(colour);
    if (ratio < AA_CONTRAST)
      ctx.addIssue({
        code: 'custom',
        message: `This colour has a contrast of ${ratio.toFixed(2)}:1 against the page's light backgrounds; text and buttons need at least 4.5:1 (WCAG AA). Choose a darker colour.`,
      });
  });

/** Empty means "the default": the spec's text, or no link. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((text) => text || null)
    .nullable();

const linkTarget = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .refine((href) => href === '' || /^https?:\/\/[^\s]+$/i.test(href) || /^\/(?!\/)[^\s]*$/.test(href), `${label} must be a web address (https://...) or a path on this site (/...)`)
    .transform((href) => href || null)
    .nullable();

/** A stored image's address, or (on the way in only) a new upload as a data URL; null for none. */
const imageField = z
  .string()
  .refine((value) => /^\/api\/images\/[\w-]{1,64}$/.test(value) || /^data:image\/[\w.+-]+;base64,/.test(value), 'Upload a PNG, JPEG, GIF or WebP image')
  .nullable();

export const figureSchema = z.object({
  value: z.string().trim().min(1, 'Enter the figure').max(12, 'A figure must be at most 12 characters'),
  label: z.string().trim().min(1, 'Enter what the figure counts').max(40, 'A label must be at most 40 characters'),
});
export type Figure = z.infer<typeof figureSchema>;

/**
 * The marketing figures of the home page: the spec's fixed text, the operator's own, or the
 * directory's real counts, worked out when the page is served.
 */
export const figureModes = ['spec', 'custom', 'counts'] as const;

/** One schema for the Site settings: the admin form, PUT /api/admin/site and its API document. */
export const siteBrandSchema = z
  .object({
    siteName: z.string().trim().min(1, 'Enter the site name').max(80, 'The site name must be at most 80 characters'),
    productName: z.string().trim().min(1, 'Enter the product name').max(40, 'The product name must be at most 40 characters'),
    // Not z.email(): the environment's own default (support@ the site's host) may be support@localhost.
    supportEmail: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+$/, 'Enter a valid support e-mail address'),
    accentColour,
    logo: imageField,
    favicon: imageField,
    heroTitle: optionalText(120, 'The hero title'),
    heroText: optionalText(300, 'The hero text'),
    heroBadge: optionalText(60, 'The hero badge'),
    figures: z.enum(figureModes),
    customFigures: z.array(figureSchema).max(4, 'At most four figures'),
    successStoriesUrl: linkTarget('The Success Stories link'),
    resourcesUrl: linkTarget('The Resources link'),
  })
  .superRefine((settings, ctx) => {
    if (settings.figures === 'custom' && settings.customFigures.length === 0)
      ctx.addIssue({ code: 'custom', path: ['customFigures'], message: 'Enter at least one figure, or choose another kind of figures' });
  });
export type SiteBrandInput = z.input<typeof siteBrandSchema>;
export type SiteBrandSettings = z.output<typeof siteBrandSchema>;

/** The spec's fixed marketing text (SPEC.md section 1): the home page's default. */
export const specFigures: Figure[] = [
  { value: '300+', label: 'Active Services' },
  { value: '150+', label: 'Trusted Providers' },
  { value: '25+', label: 'Categories' },
  { value: '99%', label: 'Success Rate' },
];
export const SPEC_HERO_BADGE = 'Trusted by 1000+ agencies';
export const specHeroTitle = (productName: string) => `Premium ${productName} tools and services for agencies`;
export const specHeroText = (productName: string) =>
  `Discover vetted ${productName} software and professional services you can resell to your clients, from providers who have earned their reviews.`;
