import { useState } from 'react';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import type { GuestPhoto } from '@qr-menu/contract';
import classes from '../guest.module.css';

/** What the browser is told the photo's rendered width is, when the caller does not say (see `sizes`). */
const DEFAULT_SIZES = {
  // Full width on a phone; the widest card or sheet is 560 px.
  card: '(min-width: 600px) 560px, 100vw',
  thumb: '64px',
} as const;

/**
 * A dish photo in a fixed box (4:3 card or square thumbnail) so nothing jumps while it loads.
 * With `photo` (the guest menu's sized photo) the browser picks the smallest webp copy that fills the box from
 * `srcSet` and `sizes`, and knows the intrinsic size (width/height) before a byte arrives; with only `src` (a cart
 * line kept from an older menu) the one image is used. Lazy by default; `eager` for the first photos on screen
 * (loaded at once with `fetchpriority="high"`, as the largest paint is often one of them).
 * Without a photo (or when it fails to load) a card shows a short band with a drawn plate-and-cutlery icon instead
 * of a tall empty box; an icon rather than an emoji, which a phone without an emoji font shows as an empty square.
 */
export function DishPhoto({
  src,
  alt,
  variant = 'card',
  photo,
  sizes,
  eager = false,
}: {
  src: string | null;
  alt: string;
  variant?: 'card' | 'thumb';
  /** The sized photo of the guest menu (`dish.photo`); takes the place of `src` when given. */
  photo?: GuestPhoto | null;
  /** The `sizes` attribute: the photo's rendered width, e.g. "124px" for a row thumbnail. */
  sizes?: string;
  /** One of the first photos on screen: load it at once, with high priority. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const url = photo?.src ?? src;
  const show = !!url && !failed;
  if (!show) {
    return (
      <div className={variant === 'card' ? classes.noPhoto : classes.thumb}>
        <IconToolsKitchen2
          className={classes.noPhotoIcon}
          size={variant === 'card' ? 32 : 28}
          stroke={1.5}
          aria-hidden
        />
      </div>
    );
  }
  // Without the intrinsic size, the box's own proportions (the CSS fixes the box either way).
  const width = photo?.width ?? (variant === 'card' ? 800 : 64);
  const height = photo?.height ?? (variant === 'card' ? 600 : 64);
  return (
    <div className={variant === 'card' ? classes.photo : classes.thumb}>
      <img
        src={url}
        srcSet={photo?.srcSet}
        sizes={photo ? (sizes ?? DEFAULT_SIZES[variant]) : undefined}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        width={width}
        height={height}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
