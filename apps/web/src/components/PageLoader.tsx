import { Skeleton, Stack } from '@mantine/core';

/** A loading skeleton instead of a spinner over a blank page. */
export function PageLoader({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="md" aria-busy="true">
      <Skeleton height={36} width="40%" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={96} radius="md" />
      ))}
    </Stack>
  );
}
