import { Skeleton, ui } from '../ui/parts';
import classes from '../guest.module.css';

/** Grey placeholders while a page of cards loads: an optional heading bar, then one rounded card per height. */
export function CardsSkeleton({ heading = false, cards }: { heading?: boolean; cards: number[] }) {
  return (
    <div className={`${classes.narrow} ${ui.stack}`} aria-busy="true">
      {heading && <Skeleton height={32} width="50%" />}
      {cards.map((height, i) => (
        <Skeleton key={i} height={height} radius={16} />
      ))}
    </div>
  );
}
