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
import { currentIconName, isCategoryIcon, type CategoryIconName } from '../../shared/category-icons';

/**
 * The icon of each name a category may have (shared/category-icons.ts). A curated map rather than
 * the whole library, which would add hundreds of kilobytes to every public page.
 */
const icons: Record<CategoryIconName, IconComponent> = {
  award: Award,
  bot: Bot,
  briefcase: Briefcase,
  'building-complex': Building2,
  calendar: Calendar,
  camera: Camera,
  'chart-column': BarChart3,
  'chart-line': LineChart,
  'chart-pie': PieChart,
  cloud: Cloud,
  code: Code,
  'credit-card': CreditCard,
  database: Database,
  'dollar-sign': DollarSign,
  'file-text': FileText,
  folder: Folder,
  funnel: Filter,
  globe: Globe,
  'graduation-cap': GraduationCap,
  handshake: Handshake,
  headphones: Headphones,
  layers: Layers,
  'layout-dashboard': LayoutDashboard,
  lightbulb: Lightbulb,
  link: LinkIcon,
  mail: Mail,
  megaphone: Megaphone,
  'message-square': MessageSquare,
  mic: Mic,
  monitor: Monitor,
  palette: Palette,
  'pen-tool': PenTool,
  phone: Phone,
  rocket: Rocket,
  search: Search,
  settings: Settings,
  'share-2': Share2,
  'shield-check': ShieldCheck,
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

/**
 * Names stored before they were checked may be written otherwise: "BarChart3", "lucide-bar-chart-3"
 * or "fa fa-search" are read as the lucide name they stand for; anything else shows a folder.
 */
function iconKey(name: string): string {
  const last = name.trim().split(/\s+/).pop() ?? '';
  return currentIconName(
    last
      .replace(/^(lucide|fa|fas|far)-/, '')
      .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
      .toLowerCase(),
  );
}

export function categoryIconFor(name: string | null | undefined): IconComponent {
  const key = name ? iconKey(name) : '';
  return isCategoryIcon(key) ? icons[key] : Folder;
}

/** The icon of a category, decorative (the category's name is always written beside it). */
export function CategoryIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = categoryIconFor(name);
  return <Icon aria-hidden="true" className={className} />;
}
