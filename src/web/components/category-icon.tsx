import {
  Award,
  BarChart3,
  Bot,
  Briefcase,
  Building2,
  Calendar,
  Camera,
  Cloud,
  Code,
  CreditCard,
  Database,
  DollarSign,
  FileText,
  Filter,
  Folder,
  Globe,
  GraduationCap,
  Handshake,
  Headphones,
  Layers,
  LayoutDashboard,
  Lightbulb,
  LineChart,
  LinkIcon,
  Mail,
  Megaphone,
  MessageSquare,
  Mic,
  Monitor,
  Palette,
  PenTool,
  Phone,
  PieChart,
  Rocket,
  Search,
  Settings,
  Share2,
  ShieldCheck,
  ShoppingCart,
  Smartphone,
  Sparkles,
  Star,
  Target,
  TrendingUp,
  Users,
  Video,
  Workflow,
  Wrench,
  Zap,
  type IconComponent,
} from './ui/icons';

/**
 * A category's icon class name (lucide kebab-case, e.g. "bar-chart-3", as administrators type it)
 * to its icon. A curated map rather than the whole library, which would add hundreds of kilobytes
 * to every public page; unknown names fall back to a folder.
 */
const icons: Record<string, IconComponent> = {
  award: Award,
  'bar-chart': BarChart3,
  'bar-chart-3': BarChart3,
  'chart-column': BarChart3,
  bot: Bot,
  briefcase: Briefcase,
  building: Building2,
  'building-2': Building2,
  calendar: Calendar,
  camera: Camera,
  cloud: Cloud,
  code: Code,
  'code-2': Code,
  'credit-card': CreditCard,
  database: Database,
  'dollar-sign': DollarSign,
  'file-text': FileText,
  filter: Filter,
  funnel: Filter,
  folder: Folder,
  globe: Globe,
  'graduation-cap': GraduationCap,
  handshake: Handshake,
  headphones: Headphones,
  layers: Layers,
  'layout-dashboard': LayoutDashboard,
  lightbulb: Lightbulb,
  'line-chart': LineChart,
  'chart-line': LineChart,
  link: LinkIcon,
  mail: Mail,
  megaphone: Megaphone,
  'message-square': MessageSquare,
  mic: Mic,
  monitor: Monitor,
  palette: Palette,
  'pen-tool': PenTool,
  phone: Phone,
  'pie-chart': PieChart,
  'chart-pie': PieChart,
  rocket: Rocket,
  search: Search,
  settings: Settings,
  'share-2': Share2,
  share: Share2,
  'shield-check': ShieldCheck,
  shield: ShieldCheck,
  'shopping-cart': ShoppingCart,
  smartphone: Smartphone,
  sparkles: Sparkles,
  star: Star,
  target: Target,
  'trending-up': TrendingUp,
  users: Users,
  video: Video,
  workflow: Workflow,
  wrench: Wrench,
  zap: Zap,
};

/** Accepts "bar-chart-3", "BarChart3", "lucide-bar-chart-3" or "fa fa-search" alike. */
function iconKey(name: string): string {
  const last = name.trim().split(/\s+/).pop() ?? '';
  return last
    .replace(/^(lucide|fa|fas|far)-/, '')
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .toLowerCase();
}

export function categoryIconFor(name: string | null | undefined): IconComponent {
  return (name && icons[iconKey(name)]) || Folder;
}

/** The icon of a category, decorative (the category's name is always written beside it). */
export function CategoryIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = categoryIconFor(name);
  return <Icon aria-hidden="true" className={className} />;
}
