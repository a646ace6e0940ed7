import { useMemo } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconCheck } from '@tabler/icons-react';
import { RECALL_MINUTES, type KitchenMove } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { itemName } from '../live/item-name';
import { useChimeOnNew } from '../live/use-chime-on-new';
import { kitchenLines, noticeText } from './move-plan';
import { useKitchenMoves } from './table-moves-api';
import { useDismissedMoves } from './use-dismissed-moves';
import { useLiveMoves } from './use-live-moves';
import classes from './table-moves.module.css';
import './texts';

/**
 * The kitchen's "Order 12: moved from table 3 to table 7" notices, above the tickets beside the VOID ones: the
 * moves, merges and splits of the last RECALL_MINUTES with dishes the station still cooks or sends out, newest
 * first, with those dishes. Each is dismissed on this device ("Got it"); it leaves by itself after RECALL_MINUTES.
 * Live: the board's order events tell when to read the moves again (use-live-moves.ts); a new notice chimes.
 */
export function MoveNotices({ eateryId, station, now }: { eateryId: number; station: number | null; now: number }) {
  const { t } = useTranslation();
  const moves = useKitchenMoves(eateryId);
  useLiveMoves(eateryId);
  const { isDismissed, dismiss } = useDismissedMoves();
  const since = now - RECALL_MINUTES * 60_000;
  const notices = useMemo(
    () =>
      (moves.data ?? [])
        .filter((m) => !isDismissed(m.id) && Date.parse(m.createdAt) >= since)
        .map((m) => ({ move: m, lines: kitchenLines(m, station) }))
        .filter((n) => n.lines.length > 0),
    [moves.data, isDismissed, since, station],
  );
  useChimeOnNew(moves.data ? notices.map((n) => `move-${n.move.id}`) : undefined);
  if (notices.length === 0) return null;
  return (
    <Stack component="section" aria-label={t('tableMoves.notice.title')} gap="xs" mb="md" data-testid="move-notices">
      {notices.map(({ move, lines }) => (
        <MoveNotice key={move.id} move={move} lines={lines} now={now} onDismiss={() => dismiss(move.id)} />
      ))}
    </Stack>
  );
}

function MoveNotice({
  move,
  lines,
  now,
  onDismiss,
}: {
  move: KitchenMove;
  lines: KitchenMove['items'];
  now: number;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { key, params } = noticeText(move);
  const text = t(key, params);
  const dishes = lines
    .map((l) => `${l.quantity}× ${l.names ? itemName({ names: l.names, name: l.name }, i18n.language) : l.name}`)
    .join(', ');
  return (
    // A status, not an alarm: read out politely as it appears (the chime says it too).
    <Paper className={classes.notice} role="status" p="sm" radius="md" data-move-id={move.id}>
      <Group justify="space-between" wrap="wrap" align="center" gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <IconArrowsExchange size={36} aria-hidden style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text className={classes.noticeLine} data-testid="move-line">
              {text}
            </Text>
            <Text size="md" fw={600}>
              {dishes} · {t('tableMoves.notice.ago', { minutes: minutesSince(move.createdAt, now) })}
            </Text>
          </div>
        </Group>
        <Button
          size="lg"
          variant="white"
          color="blue.9"
          leftSection={<IconCheck aria-hidden />}
          onClick={onDismiss}
          aria-label={t('tableMoves.notice.dismissNamed', { text })}
          style={{ flexShrink: 0 }}
        >
          {t('tableMoves.notice.dismiss')}
        </Button>
      </Group>
    </Paper>
  );
}

/** Whole minutes since `iso` at `now` (ms), never negative (clock skew). */
export const minutesSince = (iso: string, now: number) => Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
