/**
 * The icons a category can show: lucide's names for them, each one the app's icon sprite carries
 * (web/components/ui/icon-names.ts; a test holds the two lists together). The category form, the
 * API and the CSV import accept exactly these, so a name is never stored that the site cannot draw.
 */
export const categoryIcons = [
  'award',
  'bot',
  'briefcase',
  'building-complex',
  'calendar',
  'camera',
  'chart-column',
  'chart-line',
  'chart-pie',
  'cloud',
  'code',
  'credit-card',
  'database',
  'dollar-sign',
  'file-text',
  'folder',
  'funnel',
  'globe',
  'graduation-cap',
  'handshake',
  'headphones',
  'layers',
  'layout-dashboard',
  'lightbulb',
  'link',
  'mail',
  'megaphone',
  'message-square',
  'mic',
  'monitor',
  'palette',
  'pen-tool',
  'phone',
  'rocket',
  'search',
  'settings',
  'share-2',
  'shield-check',
  'shopping-cart',
  'smartphone',
  'sparkles',
  'star',
  'target',
  'trending-up',
  'users',
  'video',
  'workflow',
  'wrench',
  'zap',
] as const;

export type CategoryIconName = (typeof categoryIcons)[number];

/**
 * Older lucide names of some of these (lucide renamed them; the demo catalogue and earlier
 * categories use them): accepted and stored as lucide's current name.
 */
const formerNames: Record<string, CategoryIconName> = {
  'bar-chart': 'chart-column',
  'bar-chart-3': 'chart-column',
  building: 'building-complex',
  'building-2': 'building-complex',
  'code-2': 'code',
  filter: 'funnel',
  'line-chart': 'chart-line',
  'pie-chart': 'chart-pie',
  share: 'share-2',
  shield: 'shield-check',
};

export const isCategoryIcon = (name: string): name is CategoryIconName => (categoryIcons as readonly string[]).includes(name);

/** Lucide's current name for an icon name, or the name as given when it is not a former one. */
export const currentIconName = (name: string): string => formerNames[name] ?? name;
