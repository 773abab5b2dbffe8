import { useLingui } from '@lingui/react';
import { PICTURE_NAMES, type SecretPicture, type StudentPicture } from '@wellbank/domain';
import { cn } from '@/lib/platform/cn';
import { PICTURE_ICONS } from './picture-icons';

/** A picture of class sign-in, named for screen readers and read aloud unless `decorative`. */
export function Picture({
  picture,
  className,
  decorative = false,
}: {
  picture: StudentPicture | SecretPicture;
  className?: string;
  decorative?: boolean;
}) {
  const { i18n } = useLingui();
  const Icon = PICTURE_ICONS[picture];
  const label = i18n._(PICTURE_NAMES[picture]);
  if (decorative) return <Icon aria-hidden className={cn('size-10', className)} />;
  return (
    <span role="img" aria-label={label} className="inline-flex">
      <Icon aria-hidden className={cn('size-10', className)} />
    </span>
  );
}

/** The picture's name, for a text beside it. */
export function usePictureName() {
  const { i18n } = useLingui();
  return (picture: StudentPicture | SecretPicture) => i18n._(PICTURE_NAMES[picture]);
}
