// The JSON shapes the API answers with (SPEC.md section 3), shared by server and client.
import type { AgencySize, ReviewerContext } from './review-context';
import type { ProgrammeCard, ProgrammeChangeProposalJson, ProgrammeTermsJson } from './schemas/partner-programme-json';

export type ListingType = 'tools' | 'services';
export type ListingStatus = 'pending' | 'approved' | 'rejected';
export type PriceType = 'fixed' | 'monthly' | 'hourly';

export type User = {
  id: string;
  slug: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  website: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  isProvider: boolean;
  isAdmin: boolean;
  createdAt: string;
};

export type ProviderSummary = Pick<User, 'id' | 'slug' | 'firstName' | 'lastName' | 'companyName' | 'profileImageUrl'> & {
  /**
   * Only in answers to the provider themselves and to administrators. Public answers never carry it:
   * scrapers harvest addresses, and leads belong in the contact form (docs/decisions/spec-wording.md).
   */
  email?: string;
  /** The badge of the provider's plan in force (null: none); on a listing's own page and the profile, not on cards. */
  badge?: string | null;
};

export type Category = {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  type: ListingType;
  parentId: number | null;
  bottomContent: string | null;
};

/**
 * A category as GET /api/categories lists it: without bottomContent, which can hold megabytes of
 * rich text and inline images that only the category's own page (and its editor) needs.
 */
export type CategorySummary = Omit<Category, 'bottomContent'>;

/**
 * A listing as lists show it, on cards: search results, category pages, featured, trending, a
 * provider's profile, favourites. Without the description (up to 20,000 characters), the
 * features, the website and the moderation fields, which only the listing's own page and its
 * owner's and administrators' views show (docs/decisions/listing-summaries.md).
 */
export type ListingSummary = {
  id: number;
  slug: string;
  type: ListingType;
  title: string;
  /** The card's line of text: the short description, or else the start of the description. */
  excerpt: string;
  categoryId: number;
  category: { name: string; slug: string } | null;
  price: string | null;
  priceType: PriceType | null;
  deliveryTime: number | null;
  tags: string[];
  imageUrl: string | null;
  isFeatured: boolean;
  /** Featured because its provider fills one of its paid plan's featured slots, not by the editors' choice: marked 'Sponsored'. */
  sponsored: boolean;
  status: ListingStatus;
  viewCount: number;
  rating: number;
  reviewCount: number;
  provider: ProviderSummary | null;
  /**
   * An unclaimed listing (no provider yet, made by an administrator): the company it is for, which
   * may claim it from the listing page. Null once a provider owns it.
   */
  unclaimedCompany: string | null;
  createdAt: string;
  updatedAt: string;
  /** Catalogue, featured, trending, favourites and provider profile lists: the listing's partner programme as its card shows it to this viewer (null: none). */
  partner?: ProgrammeCard | null;
};

/** A whole listing: its card and the rest (its own page, the owner's and administrators' views). */
export type Listing = ListingSummary & {
  description: string;
  shortDescription: string | null;
  features: string[];
  screenshotUrl: string | null;
  websiteUrl: string | null;
  rejectionReason: string | null;
  /** An unclaimed listing: the domain its claim links go to; null when it has none (claims with evidence only) or has a provider. */
  claimDomain: string | null;
  /** Present to the owner and administrators only: an edit of a live listing awaiting approval. */
  hasPendingChanges?: boolean;
  /** Owner and administrators only: the editors featured it (isFeatured is also true while it fills a featured slot). */
  featuredByEditor?: boolean;
  /** The proposed edit itself, where the owner or an administrator reads it (provider and admin lists). */
  pendingChanges?: ListingProposal | null;
  /** The administrators' pending list: a proposed change of the partner programme, beside the live terms. */
  programmeProposal?: ProgrammeChangeProposalJson | null;
  /** The administrators' pending list: the listing's partner programme as it stands, every number. */
  programme?: ProgrammeTermsJson | null;
};

/** The fields of a proposed edit of a live listing (docs/decisions/edits-of-live-listings.md). */
export type ListingProposal = Pick<
  Listing,
  'title' | 'description' | 'shortDescription' | 'categoryId' | 'price' | 'priceType' | 'deliveryTime' | 'tags' | 'features' | 'websiteUrl'
> & { screenshotUrl?: string | null; submittedAt: string };

/** The listing provider's public answer under a review. */
export type ReviewReply = { body: string; createdAt: string; editedAt: string | null };

/**
 * A review as the public sees it. A `hidden` one (reported for personal information or abuse,
 * awaiting a moderator) keeps its place and rating but shows neither its text, author nor reply.
 */
export type Review = {
  id: number;
  rating: number;
  comment: string;
  createdAt: string;
  user: { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null } | null;
  /** Null when the reviewer did not say, and for a hidden review. */
  reviewerContext: ReviewerContext | null;
  agencySize: AgencySize | null;
  status: 'published' | 'under_review' | 'hidden';
  editedByModerator: boolean;
  /** The author had an approved partner application for the listing before writing it (our records; false for a hidden review). */
  verifiedPartner: boolean;
  reply: ReviewReply | null;
};

/** How many counted reviews gave each number of stars, 5 first. */
export type RatingBreakdown = { rating: number; count: number }[];

/** GET /api/{type}/{id}/reviews/breakdown. */
export type ListingRatingBreakdown = { rating: number; reviewCount: number; stars: RatingBreakdown };

export type ProviderProfile = ProviderSummary &
  Pick<User, 'website' | 'bio' | 'createdAt'> & {
    badge: string | null;
    rating: number;
    reviewCount: number;
    /** The provider's reviews by stars, counting exactly those in `reviewCount`. */
    ratingBreakdown: RatingBreakdown;
    /** All of the provider's live listings per type; `listings` holds at most the first 100. */
    listingCounts: Record<ListingType, number>;
    listings: ListingSummary[];
  };

export type Meta = { title: string; description: string };

export type DashboardStats = {
  tools: { approved: number };
  services: { approved: number };
  categories: number;
  providers: number;
};

/** GET /api/provider/stats: what a provider's own listings are doing. */
export type ProviderStats = {
  listings: { live: number; pending: number; rejected: number; updatesPending: number };
  views: number;
  favorites: number;
  reviews: { count: number; averageRating: number };
  leads: { last30Days: number; unread: number };
};

/** A member's inquiry about one of the provider's services (GET /api/provider/leads). */
export type Lead = {
  id: number;
  listing: { id: number; type: ListingType; slug: string; title: string } | null;
  name: string;
  email: string;
  message: string;
  read: boolean;
  createdAt: string;
};
