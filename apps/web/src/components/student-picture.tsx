import { useLingui } from '@lingui/react';
import { PICTURE_NAMES, type StudentPicture as Picture } from '@wellbank/domain';
import {
  Anchor,
  Bike,
  Bird,
  Bug,
  Bus,
  Car,
  Cat,
  Crown,
  Dog,
  Fish,
  type LucideIcon,
  Panda,
  Plane,
  Rabbit,
  Rocket,
  Sailboat,
  Shrimp,
  Snail,
  Squirrel,
  Tractor,
  TrainFront,
  Truck,
  Turtle,
  Umbrella,
  Worm,
} from 'lucide-react';
import { domainText } from '@/i18n/domain-text';

/** Each account's picture as the app's icon set draws it (decision 0064): never a photo. */
export const STUDENT_PICTURE_ICONS: Record<Picture, LucideIcon> = {
  cat: Cat,
  dog: Dog,
  fish: Fish,
  bird: Bird,
  rabbit: Rabbit,
  turtle: Turtle,
  squirrel: Squirrel,
  snail: Snail,
  bug: Bug,
  panda: Panda,
  worm: Worm,
  shrimp: Shrimp,
  rocket: Rocket,
  car: Car,
  bus: Bus,
  bike: Bike,
  sailboat: Sailboat,
  tractor: Tractor,
  train: TrainFront,
  plane: Plane,
  truck: Truck,
  anchor: Anchor,
  crown: Crown,
  umbrella: Umbrella,
};

/**
 * A child's own picture (badges, class sign-in), named by its alt text in the page's language;
 * `decorative` when the name beside it already says whose it is and the picture adds nothing read.
 */
export function StudentPicture({
  picture,
  className,
  decorative = false,
}: {
  picture: Picture;
  className?: string;
  decorative?: boolean;
}) {
  const { i18n } = useLingui();
  const Icon = STUDENT_PICTURE_ICONS[picture];
  if (decorative) return <Icon aria-hidden className={className} />;
  return (
    <Icon role="img" aria-label={domainText(i18n, PICTURE_NAMES[picture])} className={className} />
  );
}
