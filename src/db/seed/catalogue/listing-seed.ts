/** One listing of the demo catalogue, written by hand; the seed adds dates, views and reviews. */
export type ListingSeed = {
  title: string;
  /** Slug of a category of the same type. */
  category: string;
  /** Key of a provider in providers.ts. */
  provider: string;
  shortDescription: string;
  /** The listing's own paragraphs; the seed appends one about what is included. */
  about: string[];
  tags: string[];
  features: string[];
  /** Whole dollars; null means 'Contact for pricing'. */
  price: number | null;
  featured?: boolean;
  /** Approved unless said otherwise. */
  status?: 'pending' | 'rejected';
  rejectionReason?: string;
};

export type ServiceSeed = ListingSeed & { priceType: 'fixed' | 'monthly' | 'hourly'; deliveryTime: number };

export type ToolSeed = ListingSeed & { websiteUrl: string };
