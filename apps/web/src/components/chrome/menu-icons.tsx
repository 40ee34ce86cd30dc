import { isMenuIcon, type MenuIcon } from '@zema/contracts';
import {
  BookOpen,
  Calendar,
  Camera,
  CircleHelp,
  CreditCard,
  Disc3,
  Download,
  ExternalLink,
  FileText,
  Gift,
  Globe,
  Headphones,
  Heart,
  House,
  Info,
  Library,
  ListMusic,
  type LucideIcon,
  Mail,
  MapPin,
  MessageCircle,
  Mic,
  Music,
  Newspaper,
  Phone,
  Radio,
  Search,
  Settings,
  Shield,
  ShoppingBag,
  Star,
  Ticket,
  UserRound,
  UsersRound,
  Video,
} from 'lucide-react';

/**
 * The drawing and the editor's name of each menu icon (`MENU_ICONS` in the contracts). Loaded only
 * where a menu item has an icon (menu-item-icon.tsx) and in the appearance editor.
 */
export const MENU_ICON_GLYPHS: Record<MenuIcon, { label: string; Icon: LucideIcon }> = {
  home: { label: 'Home', Icon: House },
  music: { label: 'Music', Icon: Music },
  disc: { label: 'Album', Icon: Disc3 },
  mic: { label: 'Microphone', Icon: Mic },
  radio: { label: 'Radio', Icon: Radio },
  headphones: { label: 'Headphones', Icon: Headphones },
  'list-music': { label: 'Playlist', Icon: ListMusic },
  library: { label: 'Library', Icon: Library },
  search: { label: 'Search', Icon: Search },
  heart: { label: 'Heart', Icon: Heart },
  star: { label: 'Star', Icon: Star },
  user: { label: 'Person', Icon: UserRound },
  users: { label: 'People', Icon: UsersRound },
  info: { label: 'Information', Icon: Info },
  help: { label: 'Help', Icon: CircleHelp },
  mail: { label: 'Mail', Icon: Mail },
  phone: { label: 'Phone', Icon: Phone },
  message: { label: 'Message', Icon: MessageCircle },
  calendar: { label: 'Calendar', Icon: Calendar },
  ticket: { label: 'Ticket', Icon: Ticket },
  'shopping-bag': { label: 'Shop', Icon: ShoppingBag },
  'credit-card': { label: 'Payment', Icon: CreditCard },
  gift: { label: 'Gift', Icon: Gift },
  newspaper: { label: 'News', Icon: Newspaper },
  book: { label: 'Book', Icon: BookOpen },
  file: { label: 'Document', Icon: FileText },
  shield: { label: 'Privacy', Icon: Shield },
  settings: { label: 'Settings', Icon: Settings },
  globe: { label: 'Globe', Icon: Globe },
  'map-pin': { label: 'Place', Icon: MapPin },
  download: { label: 'Download', Icon: Download },
  'external-link': { label: 'Outside link', Icon: ExternalLink },
  video: { label: 'Video', Icon: Video },
  camera: { label: 'Camera', Icon: Camera },
};

/** One menu icon, drawn at the size of the text beside it. */
export default function MenuIconGlyph({ name, className }: { name: MenuIcon; className?: string }) {
  const { Icon } = MENU_ICON_GLYPHS[name];
  return <Icon aria-hidden="true" className={className} />;
}

/** A menu item's icon inside a menu (its code is loaded already), or nothing without one. */
export function MenuIconGlyphs({ name }: { name: string | null | undefined }) {
  return isMenuIcon(name) ? <MenuIconGlyph name={name} /> : null;
}
