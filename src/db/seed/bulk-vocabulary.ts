/** Word lists the bulk generator combines into plausible, searchable listings. */

export const serviceQualifiers = [
  'White-label', 'Done-for-you', 'Monthly', 'Starter', 'Premium', 'Express', 'Enterprise', 'Local',
  'B2B', 'E-commerce', 'Agency', 'Managed', 'Small Business', 'Growth', 'Complete',
];

export const serviceTopics = [
  'SEO', 'Google Ads', 'Social Media', 'Email Marketing', 'Content Writing', 'Web Design', 'WordPress',
  'Shopify', 'Brand Identity', 'Video Editing', 'Analytics', 'CRM', 'Marketing Automation', 'Link Building',
  'Reputation Management', 'Landing Page', 'LinkedIn Ads', 'Conversion Optimization', 'Podcast Production',
  'Customer Support', 'HubSpot', 'Meta Ads', 'Copywriting', 'UX Research', 'GA4 Tracking',
];

export const serviceDeliverables = [
  'Package', 'Retainer', 'Audit', 'Setup', 'Management', 'Sprint', 'Consulting', 'Program', 'Bundle',
  'Implementation', 'Strategy', 'Makeover',
];

export const toolPrefixes = [
  'Rank', 'Lead', 'Pipe', 'Social', 'Mail', 'Pixel', 'Brand', 'Funnel', 'Metric', 'Task', 'Chat', 'Page',
  'Site', 'Click', 'Flow', 'Growth', 'Content', 'Ad', 'Link', 'Review', 'Insight', 'Cloud', 'Sales', 'Brief',
  'Signal', 'Audience', 'Campaign', 'Report', 'Keyword', 'Client',
];

export const toolSuffixes = [
  'Pilot', 'Forge', 'Stack', 'Hive', 'Loop', 'Wise', 'Spark', 'Base', 'Desk', 'Lab', 'Radar', 'Sync',
  'Boost', 'Nest', 'Scope', 'Craft', 'Flow', 'ly', 'ify', 'Hub', 'Works', 'Beam', 'Dash', 'Mint', 'Bird',
];

export const toolEditions = ['', '', '', ' Pro', ' Suite', ' Cloud', ' for Agencies', ' Business', ' Studio'];

export const toolPurposes = [
  'keyword research and rank tracking', 'sales pipelines and follow-ups', 'social media scheduling',
  'e-mail campaigns and automations', 'client reporting dashboards', 'landing pages and funnels',
  'project and task management', 'review monitoring', 'call tracking and attribution', 'content briefs and AI drafts',
  'website uptime and backups', 'ad creative testing', 'team chat and client messaging', 'invoicing and subscriptions',
];

export const audiences = [
  'small agencies', 'freelancers', 'local businesses', 'B2B marketing teams', 'e-commerce brands',
  'multi-location franchises', 'SaaS startups', 'professional services firms', 'healthcare practices',
  'restaurants and hospitality',
];

export const benefits = [
  'Clients see results in the first month',
  'Everything is reported in your branding',
  'A named account manager handles every request',
  'Onboarding takes less than a day',
  'Pricing scales with the number of clients you serve',
  'Templates and playbooks come included',
  'Integrations cover the tools your clients already use',
  'Support answers within one business day',
];

export const features = [
  'White-label reports', 'Dedicated account manager', 'Onboarding call', 'Monthly strategy call',
  'Client portal access', 'Unlimited revisions', 'Shared project board', 'API access', 'Single sign-on',
  'Custom dashboards', 'Weekly progress updates', 'Data export', 'Priority support', 'Role-based permissions',
  'Template library', 'Scheduled reports', 'Two-way CRM sync', 'Mobile app', 'Audit trail', 'Zapier integration',
];

export const tags = [
  'SEO', 'PPC', 'social media', 'email marketing', 'white label', 'CRM', 'automation', 'analytics',
  'reporting', 'content', 'web design', 'WordPress', 'Shopify', 'branding', 'video', 'local SEO',
  'lead generation', 'e-commerce', 'B2B', 'AI', 'copywriting', 'conversion', 'agency software', 'HubSpot',
];

export const companyFirstWords = [
  'Bluefin', 'Copperleaf', 'Evergreen', 'Foxglove', 'Granite', 'Harbor', 'Ironwood', 'Juniper', 'Kestrel',
  'Lighthouse', 'Maple', 'Nimbus', 'Oakridge', 'Pinecone', 'Quarry', 'Redwood', 'Saltmarsh', 'Tidewater',
  'Upland', 'Vantage', 'Willow', 'Yellowstone', 'Zephyr', 'Aspen', 'Birchwood',
];

export const companySecondWords = ['Digital', 'Media', 'Labs', 'Partners', 'Studio', 'Growth', 'Marketing', 'Software', 'Collective', 'Works'];

export const firstNames = ['Alex', 'Sam', 'Jamie', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jordan', 'Avery', 'Quinn', 'Robin', 'Drew', 'Kai', 'Noor', 'Ana', 'Ben'];

export const lastNames = ['Smith', 'Garcia', 'Müller', 'Rossi', 'Kowalski', 'Nguyen', 'Okafor', 'Silva', 'Jensen', 'Tanaka', 'Haddad', 'Brown', 'Dubois', 'Khan', 'Lopez', 'Berg'];
