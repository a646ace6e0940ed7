import type { ReactNode } from 'react';
import { Box, Container, type MantineSize } from '@mantine/core';
import classes from '../marketing.module.css';

/**
 * One block of a public page below the hero: a centred container with the pages' vertical rhythm. `band` puts
 * it on the grey background that sets every other block apart.
 */
export function Section({
  band = false,
  size = 'lg',
  children,
}: {
  band?: boolean;
  size?: MantineSize | number;
  children: ReactNode;
}) {
  const container = (
    <Container size={size} py={{ base: 'xl', md: 56 }}>
      {children}
    </Container>
  );
  return band ? <Box className={classes.band}>{container}</Box> : container;
}
