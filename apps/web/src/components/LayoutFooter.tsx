import type { ReactNode } from 'react';
import { AppShell, Group, Text, type MantineSize } from '@mantine/core';

/** The one dimmed, centred line at the bottom of the admin and the public layouts. */
export function LayoutFooter({ size, children }: { size: MantineSize; children: ReactNode }) {
  return (
    <AppShell.Footer>
      <Group h="100%" justify="center">
        <Text size={size} c="dimmed">
          {children}
        </Text>
      </Group>
    </AppShell.Footer>
  );
}
