import { isMenuIcon, type MenuIcon, msg } from '@zema/contracts';
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
 * The drawing and the editor's name (a catalogue source, for `trans`) of each menu icon
 * (`MENU_ICONS` in the contracts). Loaded only where a menu item has an icon (menu-item-icon.tsx)
 * and in the appearance editor.
 */
export const MENU_ICON_GLYPHS: Record<MenuIcon, { label: string; Icon: LucideIcon }> = {
  home: { label: msg('Home'), Icon: House },
  music: { label: msg('Music'), Icon: Music },
  disc: { label: msg('Album'), Icon: Disc3 },
  mic: { label: msg('Microphone'), Icon: Mic },
  radio: { label: msg('Radio'), Icon: Radio },
  headphones: { label: msg('Headphones'), Icon: Headphones },
  'list-music': { label: msg('Playlist'), Icon: ListMusic },
  library: { label: msg('Library'), Icon: Library },
  search: { label: msg('Search'), Icon: Search },
  heart: { label: msg('Heart'), Icon: Heart },
  star: { label: msg('Star'), Icon: Star },
  user: { label: msg('Person'), Icon: UserRound },
  users: { label: msg('People'), Icon: UsersRound },
  info: { label: msg('Information'), Icon: Info },
  help: { label: msg('Help'), Icon: CircleHelp },
  mail: { label: msg('Mail'), Icon: Mail },
  phone: { label: msg('Phone'), Icon: Phone },
  message: { label: msg('Message'), Icon: MessageCircle },
  calendar: { label: msg('Calendar'), Icon: Calendar },
  ticket: { label: msg('Ticket'), Icon: Ticket },
  'shopping-bag': { label: msg('Shop'), Icon: ShoppingBag },
  'credit-card': { label: msg('Payment'), Icon: CreditCard },
  gift: { label: msg('Gift'), Icon: Gift },
  newspaper: { label: msg('News'), Icon: Newspaper },
  book: { label: msg('Book'), Icon: BookOpen },
  file: { label: msg('Document'), Icon: FileText },
  shield: { label: msg('Privacy'), Icon: Shield },
  settings: { label: msg('Settings'), Icon: Settings },
  globe: { label: msg('Globe'), Icon: Globe },
  'map-pin': { label: msg('Place'), Icon: MapPin },
  download: { label: msg('Download'), Icon: Download },
  'external-link': { label: msg('Outside link'), Icon: ExternalLink },
  video: { label: msg('Video'), Icon: Video },
  camera: { label: msg('Camera'), Icon: Camera },
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
