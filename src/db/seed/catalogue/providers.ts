export type ProviderSeed = {
  /** How the listings below refer to this provider. */
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  website: string;
  bio: string;
};

export const DEMO_PROVIDER_EMAIL = 'provider@demo.test';

export const providerSeeds: ProviderSeed[] = [
  {
    key: 'northwind',
    email: DEMO_PROVIDER_EMAIL,
    firstName: 'Olivia',
    lastName: 'Bennett',
    companyName: 'Northwind Digital',
    website: 'https://northwind-digital.example',
    bio: 'Northwind Digital is a white-label marketing partner for small and mid-sized agencies. Our team of 24 handles paid media, CRM onboarding and reporting, so you can sell more without hiring for every channel.',
  },
  {
    key: 'brightpath',
    email: 'hello@brightpath-seo.test',
    firstName: 'Marcus',
    lastName: 'Okafor',
    companyName: 'Brightpath SEO',
    website: 'https://brightpath-seo.example',
    bio: 'An SEO studio working exclusively with agencies since 2014. We run audits, local SEO programmes and outreach-based link building, and we report in your brand, never ours.',
  },
  {
    key: 'pixelpost',
    email: 'studio@pixelandpost.test',
    firstName: 'Sofia',
    lastName: 'Marin',
    companyName: 'Pixel & Post Studio',
    website: 'https://pixelandpost.example',
    bio: 'Social media management and content creation for brands in hospitality, retail and wellness. Strategy, shooting, editing, posting and community management in one monthly plan.',
  },
  {
    key: 'stackline',
    email: 'partners@stackline.test',
    firstName: 'Daniel',
    lastName: 'Fischer',
    companyName: 'Stackline Partners',
    website: 'https://stackline.example',
    bio: 'Stackline is an authorised reseller of the software agencies run on: CRM, marketing automation and collaboration tools, with partner pricing, onboarding and first-line support included.',
  },
  {
    key: 'codecraft',
    email: 'build@codecraft-labs.test',
    firstName: 'Priya',
    lastName: 'Raman',
    companyName: 'Codecraft Labs',
    website: 'https://codecraft-labs.example',
    bio: 'A development team of 15 building WordPress, Shopify and custom web projects for agencies in Europe and North America. Fixed quotes, weekly demos and a care plan after launch.',
  },
  {
    key: 'lumen',
    email: 'hi@lumenbrand.test',
    firstName: 'Hannah',
    lastName: 'Lindqvist',
    companyName: 'Lumen Brand Co.',
    website: 'https://lumenbrand.example',
    bio: 'Brand identity and interface design studio. We give young companies a name, a face and a design system they can grow into.',
  },
  {
    key: 'metricwise',
    email: 'team@metricwise.test',
    firstName: 'Ethan',
    lastName: 'Clarke',
    companyName: 'Metricwise Analytics',
    website: 'https://metricwise.example',
    bio: 'Analytics engineers who set up GA4, server-side tagging and client dashboards that agencies can send every month without copying numbers by hand.',
  },
  {
    key: 'reelhouse',
    email: 'projects@reelhouse.test',
    firstName: 'Lucas',
    lastName: 'Moreau',
    companyName: 'Reelhouse Media',
    website: 'https://reelhouse-media.example',
    bio: 'Video production for marketing teams: animated explainers, product demos and a steady flow of short-form edits for Reels, TikTok and Shorts.',
  },
  {
    key: 'helmsman',
    email: 'advice@helmsman.test',
    firstName: 'Grace',
    lastName: 'Whitfield',
    companyName: 'Helmsman Consulting',
    website: 'https://helmsman-consulting.example',
    bio: 'Fractional marketing leadership and strategy workshops for founders and agency owners who need a plan, not another report.',
  },
  {
    key: 'frontdesk',
    email: 'support@frontdeskcx.test',
    firstName: 'Carlos',
    lastName: 'Mendes',
    companyName: 'FrontDesk CX',
    website: 'https://frontdeskcx.example',
    bio: 'Trained, English-fluent support agents working in your help desk under your brand, around the clock or in your business hours.',
  },
  {
    key: 'automatica',
    email: 'flows@automatica.test',
    firstName: 'Noah',
    lastName: 'Schmidt',
    companyName: 'Automatica',
    website: 'https://automatica.example',
    bio: 'CRM and automation consultants. HubSpot, Pipedrive, GoHighLevel, Zapier and Make: we connect the tools and document every workflow we build.',
  },
  {
    key: 'softwarehub',
    email: 'sales@softwarehub.test',
    firstName: 'Amelia',
    lastName: 'Walsh',
    companyName: 'SoftwareHub Resellers',
    website: 'https://softwarehub.example',
    bio: 'Licensing partner for SEO, design and analytics software. One invoice for every tool your agency uses, with seat management and renewal reminders.',
  },
  {
    key: 'inkwell',
    email: 'editors@inkwell.test',
    firstName: 'Rachel',
    lastName: 'Adeyemi',
    companyName: 'Inkwell Content',
    website: 'https://inkwell-content.example',
    bio: 'Writers and editors with subject knowledge in software, finance and health. Briefs, drafts and edits delivered on a shared calendar.',
  },
  {
    key: 'sentinel',
    email: 'care@sentinelsites.test',
    firstName: 'Tom',
    lastName: 'Nakamura',
    companyName: 'Sentinel Sites',
    website: 'https://sentinelsites.example',
    bio: 'Website maintenance, security and speed for agencies with dozens of client sites. Updates, backups, uptime checks and a monthly report per site.',
  },
];
