import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLoadMoreSentinel } from './use-load-more';

interface Props {
  /** Orders loaded so far. */
  count: number;
  hasMore: boolean;
  loading: boolean;
  /** True while the list refetches: the sentinel waits (the button stays). */
  paused?: boolean;
  onLoadMore: () => void;
}

/**
 * End of the orders board: says how many orders are shown and whether more exist, loads the next page when the
 * user scrolls near it (sentinel) and offers a "Load more orders" button for keyboard and screen-reader users.
 */
export function LoadMoreOrders({ count, hasMore, loading, paused = false, onLoadMore }: Props) {
  const { t } = useTranslation();
  const sentinel = useLoadMoreSentinel<HTMLDivElement>(hasMore && !loading && !paused, onLoadMore);
  if (!hasMore) return null;
  return (
    <Group justify="center" gap="md" py="lg" ref={sentinel} data-testid="orders-load-more">
      <Text c="dimmed" size="sm" role="status">
        {loading ? t('orders.more.loading', { count }) : t('orders.more.showing', { count })}
      </Text>
      <Button variant="light" onClick={onLoadMore} loading={loading}>
        {t('orders.more.button')}
      </Button>
    </Group>
  );
}
