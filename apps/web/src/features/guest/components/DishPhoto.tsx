import { useState } from 'react';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import classes from '../guest.module.css';

/**
 * A dish photo in a fixed box (4:3 card or square thumbnail) so nothing jumps while it loads; lazy-loaded.
 * Without a photo (or when it fails to load) a card shows a short band with a drawn plate-and-cutlery icon instead
 * of a tall empty box; an icon rather than an emoji, which a phone without an emoji font shows as an empty square.
 */
export function DishPhoto({
  src,
  alt,
  variant = 'card',
}: {
  src: string | null;
  alt: string;
  variant?: 'card' | 'thumb';
}) {
  const [failed, setFailed] = useState(false);
  const show = !!src && !failed;
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
  return (
    <div className={variant === 'card' ? classes.photo : classes.thumb}>
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        width={variant === 'card' ? 800 : 64}
        height={variant === 'card' ? 600 : 64}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
