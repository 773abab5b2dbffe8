import type { ActivityType } from '@wellbank/domain';
import {
  Brain,
  CloudLightning,
  Droplets,
  Dumbbell,
  type LucideIcon,
  Moon,
  Salad,
  ShowerHead,
  Sparkles,
  Sun,
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

export function activityIcon(type: string): LucideIcon {
  return ACTIVITY_ICONS[type as ActivityType] ?? Sparkles;
}
