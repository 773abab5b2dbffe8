import type { ActivityType } from '@wellbank/domain';
import {
  Apple,
  Bath,
  BedDouble,
  Candy,
  Carrot,
  Clock,
  Coins,
  Flame,
  Flower2,
  Footprints,
  GlassWater,
  Heart,
  HeartPulse,
  Leaf,
  type LucideIcon,
  PiggyBank,
  Sandwich,
  Smile,
  Sparkle,
  Sun,
  Users,
} from 'lucide-react';
import { activityIcon } from './activity-icons';

/*
 * A module of its own, apart from the categories' icons: the dashboard's first load draws only
 * those (decision 0033's budget); these come with the entry pages and the lazy log menu.
 */

/**
 * Each counter's picture (and each stress page's: its properties are the five kinds), so a child
 * who cannot read yet finds a counter by its picture (issue 34 §5).
 */
export const PROPERTY_ICONS: Record<ActivityType, Record<string, LucideIcon>> = {
  sleep: { minutes: BedDouble },
  water: { cups: GlassWater, fruit: Apple, vegetables: Carrot },
  fitness: { vigorous_duration: Flame, moderate_duration: Footprints, piggy_bank: PiggyBank },
  food: { green: Leaf, yellow: Sandwich, red: Candy },
  rest: { duration: Flower2 },
  sunshine: { duration: Sun },
  cleanliness: { teeth: Smile, body: Bath, floss: Sparkle },
  stress: { people: Users, money: Coins, personal: Heart, clock: Clock, health: HeartPulse },
};

export function propertyIcon(type: string, key: string): LucideIcon {
  return PROPERTY_ICONS[type as ActivityType]?.[key] ?? activityIcon(type);
}
