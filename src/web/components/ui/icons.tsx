import type { CSSProperties, ReactElement } from 'react';
import spriteUrl from 'virtual:icon-sprite';
import type { IconName } from './icon-names';

/**
 * What an icon takes. Size, colour, fill and stroke width come from classes (h-4 w-4,
 * text-amber-400, fill-amber-400, stroke-[1.5]), which override the defaults of the `icon` rule in
 * styles.css; SVG presentation attributes would not, so they are not accepted.
 */
export type IconProps = {
  className?: string;
  style?: CSSProperties;
  role?: string;
  'aria-hidden'?: boolean | 'true' | 'false';
  'aria-label'?: string;
  'aria-labelledby'?: string;
};

export type IconComponent = (props: IconProps) => ReactElement;

/**
 * A lucide icon drawn from the app's sprite: <svg class="icon ..."><use href="sprite#name"/></svg>,
 * a tenth of the bytes of lucide's inline paths and attributes, which every page repeated for every
 * star and heart of every card (docs/decisions/icon-sprite.md). Looks as lucide's own: 24 px unless
 * a class sizes it, stroked in the current colour, 2 units wide, round joins. Decorative
 * (aria-hidden) unless given a label or a role, as lucide's are.
 */
/* @__NO_SIDE_EFFECTS__ */
function icon(name: IconName): IconComponent {
  const href = `${spriteUrl}#${name}`;
  return function Icon({ className, ...props }: IconProps) {
    const labelled = props.role != null || props['aria-label'] != null || props['aria-labelledby'] != null;
    return (
      <svg className={className ? `icon ${className}` : 'icon'} aria-hidden={labelled ? undefined : 'true'} {...props}>
        <use href={href} />
      </svg>
    );
  };
}

// Named as the call sites knew them from lucide-react (its older names where they used those).
export const AlertTriangle = icon('triangle-exclamation-point');
export const ArrowLeft = icon('arrow-left');
export const ArrowRight = icon('arrow-right');
export const Award = icon('award');
export const BadgeCheck = icon('badge-check');
export const BarChart3 = icon('chart-column');
export const Bot = icon('bot');
export const Briefcase = icon('briefcase');
export const Building2 = icon('building-complex');
export const Calendar = icon('calendar');
export const Camera = icon('camera');
export const Check = icon('check');
export const CheckCircle2 = icon('circle-check');
export const ChevronDown = icon('chevron-down');
export const ChevronLeft = icon('chevron-left');
export const ChevronRight = icon('chevron-right');
export const Clock = icon('clock');
export const Cloud = icon('cloud');
export const Code = icon('code');
export const Copy = icon('copy');
export const CreditCard = icon('credit-card');
export const Database = icon('database');
export const DollarSign = icon('dollar-sign');
export const Download = icon('download');
export const ExternalLink = icon('external-link');
export const Eye = icon('eye');
export const FileText = icon('file-text');
export const FileUp = icon('file-up');
export const Filter = icon('funnel');
export const Flame = icon('flame');
export const Folder = icon('folder');
export const FolderOpen = icon('folder-open');
export const Globe = icon('globe');
export const GraduationCap = icon('graduation-cap');
export const Handshake = icon('handshake');
export const Headphones = icon('headphones');
export const Heart = icon('heart');
export const Home = icon('house');
export const Inbox = icon('inbox');
export const Layers = icon('layers');
export const LayoutDashboard = icon('layout-dashboard');
export const Lightbulb = icon('lightbulb');
export const LineChart = icon('chart-line');
// Not "Link": that is the router's.
export const LinkIcon = icon('link');
export const LogIn = icon('log-in');
export const LogOut = icon('log-out');
export const Mail = icon('mail');
export const MailCheck = icon('mail-check');
export const MailOpen = icon('mail-open');
export const Megaphone = icon('megaphone');
export const Menu = icon('menu');
export const MessageSquare = icon('message-square');
export const MessageSquareQuote = icon('message-square-quote');
export const Mic = icon('mic');
export const Monitor = icon('monitor');
export const Package = icon('package');
export const PackageOpen = icon('package-open');
export const Palette = icon('palette');
export const PenTool = icon('pen-tool');
export const Pencil = icon('pencil');
export const Phone = icon('phone');
export const PieChart = icon('chart-pie');
export const Plus = icon('plus');
export const Rocket = icon('rocket');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Send = icon('send');
export const Settings = icon('settings');
export const Share2 = icon('share-2');
export const Shield = icon('shield');
export const ShieldAlert = icon('shield-exclamation-point');
export const ShieldCheck = icon('shield-check');
export const ShieldOff = icon('shield-off');
export const ShoppingCart = icon('shopping-cart');
export const SlidersHorizontal = icon('sliders-horizontal');
export const Smartphone = icon('smartphone');
export const Sparkles = icon('sparkles');
export const Star = icon('star');
export const Store = icon('store');
export const Tag = icon('tag');
export const Tags = icon('tags');
export const Target = icon('target');
export const Trash2 = icon('trash');
export const TrendingUp = icon('trending-up');
export const User = icon('user');
export const UserPlus = icon('user-plus');
export const UserRound = icon('user-round');
export const Users = icon('users');
export const Video = icon('video');
export const Workflow = icon('workflow');
export const Wrench = icon('wrench');
export const X = icon('x');
export const XCircle = icon('circle-x');
export const Zap = icon('zap');
