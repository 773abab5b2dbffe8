import type { ActivityType } from '@wellbank/domain';
import {
  Apple,
  Bath,
  BedDouble,
  Brain,
  Candy,
  Carrot,
  Clock,
  CloudLightning,
  Coins,
  Droplets,
  Dumbbell,
  Flame,
  Flower2,
  Footprints,
  GlassWater,
  Heart,
  HeartPulse,
  Leaf,
  type LucideIcon,
  Moon,
  PiggyBank,
  Salad,
  Sandwich,
  ShowerHead,
  Smile,
  Sparkle,
  Sparkles,
  Sun,
  Users,
} from 'lucide-react';

export const ACTIVITY_ICONS: Record<ActivityType, LucideIcon> = {
  stress: CloudLightning,
  sleep: Moon,
  water: Droplets,
  fitness: Dumbbell,
  food: Salad,
  rest: Brain,
  sunshine: Sun,
  cleanliness: ShowerHead,
};

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

export function activityIcon(type: string): LucideIcon {
  return ACTIVITY_ICONS[type as ActivityType] ?? Sparkles;
}

export function propertyIcon(type: string, key: string): LucideIcon {
  return PROPERTY_ICONS[type as ActivityType]?.[key] ?? activityIcon(type);
}
