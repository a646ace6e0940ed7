import { useState } from 'react';
import classes from '../guest.module.css';

/**
 * A dish photo in a fixed box (4:3 card or square thumbnail) so nothing jumps while it loads; lazy-loaded.
 * Without a photo (or when it fails to load) the box shows the category emoji on a warm gradient.
 */
export function DishPhoto({
  src,
  alt,
  emoji,
  variant = 'card',
}: {
  src: string | null;
  alt: string;
  emoji: string;
  variant?: 'card' | 'thumb';
}) {
  const [failed, setFailed] = useState(false);
  const show = !!src && !failed;
  return (
    <div className={variant === 'card' ? classes.photo : classes.thumb}>
      {show ? (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          decoding="async"
          width={variant === 'card' ? 800 : 64}
          height={variant === 'card' ? 600 : 64}
          onError={() => setFailed(true)}
        />
      ) : (
        <span className={classes.photoEmoji} aria-hidden>
          {emoji}
        </span>
      )}
    </div>
  );
}
