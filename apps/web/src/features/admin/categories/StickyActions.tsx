import type { ReactNode } from 'react';
import { Group } from '@mantine/core';

/** Form buttons that stay in reach at the bottom of a long modal (phones, long ready-made lists). */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    <Group
      justify="flex-end"
      gap="sm"
      py="sm"
      mt="xs"
      bg="var(--mantine-color-body)"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        borderTop: '1px solid var(--mantine-color-default-border)',
      }}
    >
      {children}
    </Group>
  );
}
