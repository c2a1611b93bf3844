export type CategorySeed = {
  type: 'tools' | 'services';
  slug: string;
  name: string;
  description: string;
  /** A lucide icon name, as administrators type it. */
  icon: string;
  /** Slug of the parent category (same type). */
  parent?: string;
  /** Simple, already safe HTML shown below the category's results. */
  bottomContent?: string;
};

const services = (seed: Omit<CategorySeed, 'type'>): CategorySeed => ({ type: 'services', ...seed });
const tools = (seed: Omit<CategorySeed, 'type'>): CategorySeed => ({ type: 'tools', ...seed });

// Parents come before their subcategories: the seed inserts them in this order.
export const categorySeeds: CategorySeed[] = [
  services({
    slug: 'marketing-services',
    name: 'Marketing Services',
    icon: 'megaphone',
    description: 'Campaign planning, execution and reporting you can resell to clients under your own brand.',
    bottomContent:
      '<h2>Reselling marketing services</h2><p>White-label marketing lets an agency offer a complete service line without hiring a specialist for every channel. The partner does the work; you keep the client relationship and the margin.</p><ul><li>Agree on reporting formats before the first month</li><li>Ask for a named account manager</li><li>Check who owns ad accounts and creative files</li></ul>',
  }),
  services({ slug: 'social-media-management', name: 'Social Media Management', icon: 'share-2', parent: 'marketing-services', description: 'Content calendars, posting, community management and monthly reporting.' }),
  services({ slug: 'content-marketing', name: 'Content Marketing', icon: 'file-text', parent: 'marketing-services', description: 'Blog posts, long-form guides, case studies and newsletters written by specialists.' }),
  services({ slug: 'paid-advertising', name: 'Paid Advertising', icon: 'target', parent: 'marketing-services', description: 'Google, Meta, LinkedIn and TikTok ads managed for return on ad spend.' }),
  services({ slug: 'email-marketing', name: 'Email Marketing', icon: 'mail', parent: 'marketing-services', description: 'Automated flows, campaigns and list hygiene that turn subscribers into customers.' }),
  services({
    slug: 'seo-services',
    name: 'SEO Services',
    icon: 'search',
    description: 'Audits, on-page optimisation, content and links that grow organic traffic.',
    bottomContent:
      '<h2>What to expect from an SEO partner</h2><p>Search results move slowly. A good partner sets a baseline in the first month, explains every change and reports on rankings, traffic and leads rather than on activity alone.</p><ul><li>A technical audit before any content work</li><li>Monthly ranking and traffic reports</li><li>No private blog networks or paid link schemes</li></ul>',
  }),
  services({ slug: 'local-seo', name: 'Local SEO', icon: 'globe', parent: 'seo-services', description: 'Google Business Profile, citations and reviews for businesses that serve a town or region.' }),
  services({ slug: 'technical-seo', name: 'Technical SEO', icon: 'settings', parent: 'seo-services', description: 'Crawlability, site speed, structured data and migrations done without losing rankings.' }),
  services({ slug: 'link-building', name: 'Link Building', icon: 'link', parent: 'seo-services', description: 'Outreach-based links from relevant, real websites.' }),
  services({ slug: 'web-development', name: 'Web Development', icon: 'code', description: 'Websites, landing pages and web apps built, launched and maintained.' }),
  services({ slug: 'wordpress-development', name: 'WordPress Development', icon: 'layers', parent: 'web-development', description: 'Custom themes, plugins, care plans and speed work for WordPress sites.' }),
  services({ slug: 'ecommerce-development', name: 'E-commerce Development', icon: 'shopping-cart', parent: 'web-development', description: 'Shopify and WooCommerce stores, migrations and conversion work.' }),
  services({ slug: 'design-branding', name: 'Design & Branding', icon: 'palette', description: 'Brand identities, interface design and marketing creative.' }),
  services({ slug: 'brand-identity', name: 'Logo & Brand Identity', icon: 'pen-tool', parent: 'design-branding', description: 'Logos, colour systems, typography and brand guidelines.' }),
  services({ slug: 'ui-ux-design', name: 'UI/UX Design', icon: 'layout-dashboard', parent: 'design-branding', description: 'Research, wireframes, prototypes and interface design for sites and apps.' }),
  services({ slug: 'crm-automation', name: 'CRM & Automation Setup', icon: 'workflow', description: 'CRM implementation, pipelines, integrations and workflow automation.' }),
  services({ slug: 'analytics-reporting', name: 'Analytics & Reporting', icon: 'bar-chart-3', description: 'Tracking plans, GA4, tag management and client-ready dashboards.' }),
  services({ slug: 'video-production', name: 'Video Production', icon: 'video', description: 'Explainer videos, short-form edits and product demos.' }),
  services({ slug: 'consulting-strategy', name: 'Consulting & Strategy', icon: 'lightbulb', description: 'Workshops, fractional leadership and go-to-market plans.' }),
  services({ slug: 'customer-support', name: 'Customer Support Outsourcing', icon: 'headphones', description: 'Trained agents for chat, e-mail and phone support under your brand.' }),

  tools({
    slug: 'crm-software',
    name: 'CRM Software',
    icon: 'users',
    description: 'Contact management, pipelines and sales automation for agencies and their clients.',
    bottomContent:
      '<h2>Choosing a CRM to resell</h2><p>Clients rarely switch CRMs twice. Pick one your team can support, with partner pricing and a sandbox for onboarding.</p><ul><li>Partner or reseller programme</li><li>Native integrations with the client\'s e-mail and calendar</li><li>Data export if the client leaves</li></ul>',
  }),
  tools({ slug: 'marketing-automation', name: 'Marketing Automation', icon: 'zap', description: 'Campaigns, funnels and nurture sequences that run themselves.' }),
  tools({ slug: 'email-marketing-tools', name: 'Email Marketing Tools', icon: 'mail', parent: 'marketing-automation', description: 'Newsletters, automated flows and audience segmentation.' }),
  tools({ slug: 'seo-tools', name: 'SEO Tools', icon: 'search', description: 'Keyword research, site audits, backlink analysis and competitor research.' }),
  tools({ slug: 'rank-tracking', name: 'Rank Tracking', icon: 'trending-up', parent: 'seo-tools', description: 'Daily keyword positions by device and location, with client reports.' }),
  tools({ slug: 'local-seo-tools', name: 'Local SEO Tools', icon: 'globe', parent: 'seo-tools', description: 'Listings management, local rank grids and review monitoring.' }),
  tools({ slug: 'social-media-tools', name: 'Social Media Tools', icon: 'share-2', description: 'Scheduling, social inbox, listening and reporting across networks.' }),
  tools({ slug: 'design-tools', name: 'Design Tools', icon: 'palette', description: 'Graphics, brand kits and interface design for teams of any size.' }),
  tools({
    slug: 'analytics-tools',
    name: 'Analytics Tools',
    icon: 'line-chart',
    description: 'Dashboards, attribution and automated client reporting.',
    bottomContent:
      '<h2>Reporting that clients read</h2><p>A dashboard is only useful when it answers the client\'s question in the first screen. Choose a tool that blends data sources and sends scheduled reports under your brand.</p>',
  }),
  tools({ slug: 'call-tracking', name: 'Call Tracking', icon: 'phone', parent: 'analytics-tools', description: 'Attribute phone calls to campaigns, keywords and pages.' }),
  tools({ slug: 'project-management', name: 'Project Management', icon: 'layout-dashboard', description: 'Tasks, timelines, approvals and client portals.' }),
  tools({ slug: 'communication', name: 'Communication', icon: 'message-square', description: 'Team chat, async video and client messaging.' }),
  tools({ slug: 'website-builders', name: 'Website Builders', icon: 'monitor', description: 'Visual builders and managed hosting for client websites.' }),
  tools({ slug: 'ai-content', name: 'AI Writing & Content', icon: 'sparkles', description: 'AI assistants for copy, briefs, optimisation and editing.' }),
  tools({ slug: 'security-backup', name: 'Security & Backup', icon: 'shield', description: 'Password management, malware protection and backups for client sites.' }),
  tools({ slug: 'ecommerce-platforms', name: 'E-commerce Platforms', icon: 'shopping-cart', description: 'Online stores, payments and subscriptions.' }),
];
