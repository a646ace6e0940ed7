import { Skeleton, Stack } from '@mantine/core';
import classes from '../guest.module.css';

/** Grey placeholders while a page of cards loads: an optional heading bar, then one rounded card per height. */
export function CardsSkeleton({ heading = false, cards }: { heading?: boolean; cards: number[] }) {
  return (
    <Stack className={classes.narrow} gap="md" aria-busy="true">
      {heading && <Skeleton height={32} width="50%" />}
      {cards.map((height, i) => (
        <Skeleton key={i} height={height} radius="lg" />
      ))}
    </Stack>
  );
}
