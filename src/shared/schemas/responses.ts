import { z } from 'zod';
import type { AdminOverview, AdminUser, AuditEntry, StatusCounts } from './admin-user';
import { seoPageTypes, type SeoOverride, type SeoTemplate } from './seo';
import type { SearchSynonym } from './search-synonym';
import { programmeCardJson, programmeChangeProposalJson, programmeTermsJson } from './partner-programme-json';
import { agencySizes, reviewerContexts } from '../review-context';
import type {
  Category,
  CategorySummary,
  DashboardStats,
  Lead,
  Listing,
  ListingRatingBreakdown,
  ListingSummary,
  ListingProposal,
  Meta,
  ProviderProfile,
  ProviderStats,
  ProviderSummary,
  Review,
  ReviewReply,
  User,
} from '../types';

/*
 * The JSON the API answers with, as zod schemas: the routes declare them (the OpenAPI document at
 * /api/openapi.json is generated from them), and the API tests check every answer against them
 * (docs/decisions/openapi.md). The TypeScript types in ../types.ts stay the names both sides use;
 * the `same` checks at the bottom fail the typecheck when a schema and its type part ways.
 * `.meta({ id })` names a schema once in the document's components instead of repeating it.
 */

const listingType = z.enum(['tools', 'services']);
const isoDate = z.string().describe('ISO 8601 date and time');

export const messageJson = z.object({ message: z.string() }).meta({ id: 'Message' });

/** Every error answer: what went wrong, and for invalid input the message of each field. */
export const errorJson = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional().describe('Invalid input only: field name to its message'),
  })
  .meta({ id: 'Error' });

export const userJson = z
  .object({
    id: z.string(),
    slug: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    companyName: z.string().nullable(),
    website: z.string().nullable(),
    bio: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    isProvider: z.boolean(),
    isAdmin: z.boolean(),
    createdAt: isoDate,
  })
  .meta({ id: 'User' });

export const providerSummaryJson = userJson
  .pick({ id: true, slug: true, firstName: true, lastName: true, companyName: true, profileImageUrl: true })
  .extend({
    email: z.string().optional().describe('Only to the provider themselves and to administrators'),
    badge: z.string().nullable().optional().describe("The badge of the provider's plan in force, shown beside their name (null: their plan has none); on a listing's own page and the provider's profile, not on cards"),
  })
  .meta({ id: 'ProviderSummary' });

export const categoryJson = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    icon: z.string().nullable(),
    type: listingType,
    parentId: z.number().int().nullable(),
    bottomContent: z.string().nullable().describe('Sanitised rich text (HTML)'),
  })
  .meta({ id: 'Category' });

export const categorySummaryJson = categoryJson.omit({ bottomContent: true }).meta({ id: 'CategorySummary' });

const listingFields = {
  id: z.number().int(),
  slug: z.string(),
  type: listingType,
  title: z.string(),
  description: z.string(),
  shortDescription: z.string().nullable(),
  categoryId: z.number().int(),
  category: z.object({ name: z.string(), slug: z.string() }).nullable(),
  price: z.string().nullable().describe('Decimal as text, e.g. "499.00"'),
  priceType: z.enum(['fixed', 'monthly', 'hourly']).nullable(),
  deliveryTime: z.number().int().nullable().describe('Days'),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  imageUrl: z.string().nullable(),
  screenshotUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  isFeatured: z.boolean(),
  sponsored: z.boolean().describe("Featured because its provider fills one of its paid plan's featured slots, not by the editors' choice (a paid placement, marked 'Sponsored')"),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  viewCount: z.number().int(),
  rating: z.number(),
  reviewCount: z.number().int(),
  provider: providerSummaryJson.nullable(),
  unclaimedCompany: z.string().nullable().describe('An unclaimed listing: the company it is for, which may claim it (null once a provider owns it)'),
  createdAt: isoDate,
  updatedAt: isoDate,
};

const excerpt = z.string().describe('The short description, or else the start of the description (at most 200 characters, then "…")');

export const listingSummaryJson = z
  .object({ ...listingFields, excerpt, partner: programmeCardJson.nullable().optional().describe('Catalogue, featured, trending, favourites and provider profile lists: the partner programme as its card shows it to this viewer') })
  .omit({ description: true, shortDescription: true, features: true, screenshotUrl: true, websiteUrl: true, rejectionReason: true })
  .meta({ id: 'ListingSummary', description: 'A listing as lists show it; GET /api/{type}/{id} has the whole listing' });

export const listingProposalJson = z
  .object({
    title: listingFields.title,
    description: listingFields.description,
    shortDescription: listingFields.shortDescription,
    categoryId: listingFields.categoryId,
    price: listingFields.price,
    priceType: listingFields.priceType,
    deliveryTime: listingFields.deliveryTime,
    tags: listingFields.tags,
    features: listingFields.features,
    websiteUrl: listingFields.websiteUrl,
    screenshotUrl: z.string().nullable().optional(),
    submittedAt: isoDate,
  })
  .meta({ id: 'ListingProposal' });

export const listingJson = z
  .object({
    ...listingFields,
    excerpt,
    partner: programmeCardJson.nullable().optional(),
    claimDomain: z.string().nullable().describe('An unclaimed listing: the domain a claim link may be sent to (null: none, only a claim with evidence)'),
    hasPendingChanges: z.boolean().optional().describe('Owner and administrators only'),
    featuredByEditor: z.boolean().optional().describe('Owner and administrators only: the editors featured it (isFeatured is also true while it fills one of its provider\'s featured slots)'),
    pendingChanges: listingProposalJson.nullable().optional().describe('Owner and administrators only'),
    programmeProposal: programmeChangeProposalJson.nullable().optional().describe("Administrators' pending list only: a proposed partner programme change, decided by the listing's approve and reject"),
    programme: programmeTermsJson.nullable().optional().describe("Administrators' pending list only: the listing's partner programme as it stands, every number"),
  })
  .meta({ id: 'Listing' });

export const reviewReplyJson = z
  .object({ body: z.string(), createdAt: isoDate, editedAt: isoDate.nullable().describe('Set once the provider has edited the reply') })
  .meta({ id: 'ReviewReply' });

const reviewAuthor = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const reviewJson = z
  .object({
    id: z.number().int(),
    rating: z.number().int(),
    comment: z.string(),
    createdAt: isoDate,
    user: reviewAuthor.nullable().describe('Null for a hidden review, or once its author is deleted'),
    reviewerContext: z.enum(reviewerContexts).nullable().describe('How the reviewer used it, if they said: resold to clients, or in-house (null for a hidden review)'),
    agencySize: z.enum(agencySizes).nullable().describe("The reviewer's agency size in people, if they said (null for a hidden review)"),
    status: z.enum(['published', 'under_review', 'hidden']).describe('under_review: reported, shown while a moderator checks; hidden: reported for personal information or abuse, text and author withheld until decided'),
    editedByModerator: z.boolean().describe('A moderator edited personal information out of the comment'),
    verifiedPartner: z.boolean().describe("Verified partner: the author's partner application for this listing was approved before they wrote the review (from the directory's records, not the provider's word; false for a hidden review)"),
    reply: reviewReplyJson.nullable().describe("The listing provider's reply (null for a hidden review)"),
  })
  .meta({ id: 'Review' });

export const ratingBreakdownJson = z
  .array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() }))
  .describe('How many counted reviews gave each number of stars, 5 first: a hidden review counts, a removed one does not')
  .meta({ id: 'RatingBreakdown' });

export const listingRatingBreakdownJson = z
  .object({ rating: z.number(), reviewCount: z.number().int(), stars: ratingBreakdownJson })
  .meta({ id: 'ListingRatingBreakdown' });

export const submittedReviewJson = reviewJson
  .extend({ listing: z.object({ rating: z.number(), reviewCount: z.number().int() }).describe("The listing's new rating") })
  .meta({ id: 'SubmittedReview' });

export const providerProfileJson = providerSummaryJson
  .extend({
    badge: z.string().nullable().describe("The badge of the provider's plan in force, shown beside their name (null: their plan has none)"),
    website: z.string().nullable(),
    bio: z.string().nullable(),
    createdAt: isoDate,
    rating: z.number(),
    reviewCount: z.number().int(),
    ratingBreakdown: ratingBreakdownJson,
    listingCounts: z.object({ tools: z.number().int(), services: z.number().int() }),
    listings: z.array(listingSummaryJson).describe('At most the first 100 live listings'),
  })
  .meta({ id: 'ProviderProfile' });

export const metaJson = z.object({ title: z.string(), description: z.string() }).meta({ id: 'Meta' });

export const dashboardStatsJson = z
  .object({
    tools: z.object({ approved: z.number().int() }),
    services: z.object({ approved: z.number().int() }),
    categories: z.number().int(),
    providers: z.number().int(),
  })
  .meta({ id: 'DashboardStats' });

export const providerStatsJson = z
  .object({
    listings: z.object({ live: z.number().int(), pending: z.number().int(), rejected: z.number().int(), updatesPending: z.number().int() }),
    views: z.number().int(),
    favorites: z.number().int(),
    reviews: z.object({ count: z.number().int(), averageRating: z.number() }),
    leads: z.object({ last30Days: z.number().int(), unread: z.number().int() }),
  })
  .meta({ id: 'ProviderStats' });

export const leadJson = z
  .object({
    id: z.number().int(),
    listing: z.object({ id: z.number().int(), type: listingType, slug: z.string(), title: z.string() }).nullable(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    read: z.boolean(),
    createdAt: isoDate,
  })
  .meta({ id: 'Lead' });

export const favoriteStatusJson = z.object({ isFavorited: z.boolean() }).meta({ id: 'FavoriteStatus' });

export const sentInquiryJson = z.object({ id: z.number().int(), createdAt: isoDate }).meta({ id: 'SentInquiry' });

const figureJson = z.object({ value: z.string(), label: z.string() });

/** What every page shows of the operator's brand (the spec's texts where none was saved). */
export const siteSettingsJson = z
  .object({
    productName: z.string(),
    siteName: z.string(),
    supportEmail: z.string(),
    accentColour: z.string(),
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    heroTitle: z.string(),
    heroText: z.string(),
    heroBadge: z.string(),
    figures: z.array(figureJson),
    successStoriesUrl: z.string().nullable(),
    resourcesUrl: z.string().nullable(),
  })
  .meta({ id: 'SiteSettings' });

/** The Site settings as an administrator edits them: null texts mean the spec's. */
export const siteBrandJson = z
  .object({
    siteName: z.string(),
    productName: z.string(),
    supportEmail: z.string(),
    accentColour: z.string(),
    logo: z.string().nullable(),
    favicon: z.string().nullable(),
    heroTitle: z.string().nullable(),
    heroText: z.string().nullable(),
    heroBadge: z.string().nullable(),
    figures: z.enum(['spec', 'custom', 'counts']),
    customFigures: z.array(figureJson),
    successStoriesUrl: z.string().nullable(),
    resourcesUrl: z.string().nullable(),
  })
  .meta({ id: 'SiteBrand' });

export const healthJson = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });

export const adminUserJson = z
  .object({
    id: z.string(),
    slug: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    companyName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    isAdmin: z.boolean(),
    isProvider: z.boolean(),
    hasPassword: z.boolean().describe('False until an invited user has set a password'),
    createdAt: isoDate,
    listingCount: z.number().int(),
    reviewCount: z.number().int(),
  })
  .meta({ id: 'AdminUser' });

export const invitedUserJson = z
  .object({ user: userJson, invitationUrl: z.string().nullable() })
  .meta({ id: 'InvitedUser' });

const statusCountFields = { approved: z.number().int(), pending: z.number().int(), rejected: z.number().int() };
export const statusCountsJson = z.object(statusCountFields).meta({ id: 'StatusCounts' });

export const adminOverviewJson = z
  .object({
    services: z.object({ total: z.number().int(), ...statusCountFields }),
    tools: z.object({ total: z.number().int(), ...statusCountFields }),
    users: z.number().int(),
    reportedReviews: z.number().int().describe('Reviews with open reports, awaiting a decision'),
  })
  .meta({ id: 'AdminOverview' });

export const auditEntryJson = z
  .object({
    id: z.number().int(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    createdAt: isoDate,
    actor: z
      .object({ id: z.string().nullable(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'AuditEntry' });

export const seoTemplateJson = z
  .object({ pageType: z.enum(seoPageTypes), title: z.string(), description: z.string(), updatedAt: isoDate.nullable() })
  .meta({ id: 'SeoTemplate' });

export const searchSynonymJson = z
  .object({
    id: z.number().int(),
    from: z.string().nullable().describe('One-way: a search for this also finds the terms; null: the terms are equivalents'),
    terms: z.array(z.string()),
    updatedAt: isoDate,
  })
  .meta({ id: 'SearchSynonym' });

export const seoOverrideJson = z
  .object({
    id: z.number().int(),
    pageType: z.enum(seoPageTypes),
    entityId: z.string().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    updatedAt: isoDate,
  })
  .meta({ id: 'SeoOverride' });

// Each schema against the type both sides already use: a difference fails the typecheck.
// (Assignable both ways, with the same keys: zod's inferred objects are mapped types, which a
// stricter identity check would never accept.)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? ([keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false) : false) : false;
const same = <A, B>(proof: Same<A, B>) => proof;
same<z.infer<typeof userJson>, User>(true);
same<z.infer<typeof providerSummaryJson>, ProviderSummary>(true);
same<z.infer<typeof categoryJson>, Category>(true);
same<z.infer<typeof categorySummaryJson>, CategorySummary>(true);
same<z.infer<typeof listingJson>, Listing>(true);
same<z.infer<typeof listingSummaryJson>, ListingSummary>(true);
same<z.infer<typeof listingProposalJson>, ListingProposal>(true);
same<z.infer<typeof reviewJson>, Review>(true);
same<z.infer<typeof listingRatingBreakdownJson>, ListingRatingBreakdown>(true);
same<z.infer<typeof reviewReplyJson>, ReviewReply>(true);
same<z.infer<typeof providerProfileJson>, ProviderProfile>(true);
same<z.infer<typeof metaJson>, Meta>(true);
same<z.infer<typeof dashboardStatsJson>, DashboardStats>(true);
same<z.infer<typeof providerStatsJson>, ProviderStats>(true);
same<z.infer<typeof leadJson>, Lead>(true);
same<z.infer<typeof adminUserJson>, AdminUser>(true);
same<z.infer<typeof statusCountsJson>, StatusCounts>(true);
same<z.infer<typeof adminOverviewJson>, AdminOverview>(true);
same<z.infer<typeof auditEntryJson>, AuditEntry>(true);
same<z.infer<typeof seoTemplateJson>, SeoTemplate>(true);
same<z.infer<typeof seoOverrideJson>, SeoOverride>(true);
same<z.infer<typeof searchSynonymJson>, SearchSynonym>(true);
