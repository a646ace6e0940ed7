import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/** The title of a restaurant's screen with the restaurant's name under it, and the screen's main action. */
export function ScreenHeader({
  title,
  restaurantName,
  action,
}: {
  title: string;
  restaurantName?: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm">
      <div>
        <Title order={2}>{title}</Title>
        {restaurantName && (
          <Text c="dimmed" size="sm">
            {restaurantName}
          </Text>
        )}
      </div>
      {action}
    </Group>
  );
}
