import { useEffect, useRef } from 'react';
import { PICKUP_BOARD_EVENT, pickupBoardTopic } from '@qr-menu/contract/constants';
import { ApiError } from '../../../api/api-error';
import { loadGuestStrings, showGuestLanguage, useTranslation } from '../lib/i18n';
import { useGuestTopics } from '../lib/guest-socket';
import { useLocation, useParams } from '../lib/router';
import { parseId } from '../lib/use-place';
import { useOnline } from '../offline/online-status';
import { usePickupBoard } from './board-api';
import { boardLanguage } from './board-language';
import classes from './board.module.css';

/**
 * The pickup board, for a screen at the counter (/client/eatery/{id}/pickup-board): the restaurant's name and two big
 * columns of the day's takeaway and pickup numbers, "Preparing" and "Ready", read from across the room. Live: the
 * board's socket topic says when the numbers moved and the board reads them again (a slow poll covers a socket that
 * cannot connect). Numbers only: no names (contract pickupBoardResponse).
 */
export function PickupBoardPage() {
  const eateryId = parseId(useParams().eateryId);
  const { t } = useTranslation();
  if (!eateryId) return <BoardMessage text={t('client.pickupBoard.notFound')} />;
  return <Board eateryId={eateryId} />;
}

function Board({ eateryId }: { eateryId: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const online = useOnline();
  const board = usePickupBoard(eateryId);
  const refetch = board.refetch;
  useGuestTopics<number>({
    topics: [pickupBoardTopic(eateryId)],
    event: PICKUP_BOARD_EVENT,
    onEvent: (id) => {
      if (id === eateryId) void refetch();
    },
    // A change made before the subscription would otherwise wait for the poll.
    onSubscribed: () => void refetch(),
  });

  const lang = boardLanguage(search, board.data?.defaultLanguage);
  useEffect(() => {
    let current = true;
    void loadGuestStrings(lang).then(() => {
      if (current) showGuestLanguage(lang);
    });
    document.documentElement.lang = lang;
    return () => {
      current = false;
    };
  }, [lang]);

  const ready = board.data?.ready ?? [];
  const fresh = useFreshNumbers(ready);
  useEffect(() => {
    if (board.data) document.title = `${board.data.eateryName} — ${t('client.pickupBoard.title')}`;
  }, [board.data, t]);

  if (board.isError) {
    const gone = board.error instanceof ApiError && board.error.status === 404;
    return <BoardMessage text={gone ? t('client.pickupBoard.notFound') : t('client.fetchOrderError')} />;
  }
  return (
    <div className={classes.screen} data-testid="pickup-board">
      <header className={classes.top}>
        <h1 className={classes.name}>{board.data?.eateryName ?? ''}</h1>
        <span className={classes.subtitle}>{t('client.pickupBoard.title')}</span>
        {!online && (
          <span className={classes.offline} role="status">
            {t('client.pickupBoard.reconnecting')}
          </span>
        )}
      </header>
      <main className={classes.columns} aria-busy={board.isPending || undefined}>
        <Column
          kind="preparing"
          title={t('client.pickupBoard.preparing')}
          numbers={board.data?.preparing ?? []}
          empty={t('client.pickupBoard.none')}
        />
        <Column
          kind="ready"
          title={t('client.pickupBoard.ready')}
          hint={t('client.pickupBoard.readyHint')}
          numbers={ready}
          fresh={fresh}
          empty={t('client.pickupBoard.none')}
        />
      </main>
    </div>
  );
}

function Column({
  kind,
  title,
  hint,
  numbers,
  fresh,
  empty,
}: {
  kind: 'preparing' | 'ready';
  title: string;
  hint?: string;
  numbers: number[];
  fresh?: ReadonlySet<number>;
  empty: string;
}) {
  const headingId = `board-${kind}`;
  return (
    <section className={classes.column} data-kind={kind} aria-labelledby={headingId} data-testid={`board-${kind}`}>
      <h2 id={headingId} className={classes.heading}>
        {title}
      </h2>
      {hint && <p className={classes.hint}>{hint}</p>}
      {/* Ready numbers are announced as they arrive (a screen reader at the counter). */}
      <ul className={classes.numbers} aria-live={kind === 'ready' ? 'polite' : undefined}>
        {numbers.map((n) => (
          <li key={n} className={classes.number} data-fresh={fresh?.has(n) || undefined}>
            {n}
          </li>
        ))}
      </ul>
      {numbers.length === 0 && (
        <p className={classes.empty} aria-hidden>
          {empty}
        </p>
      )}
    </section>
  );
}

/** The numbers that joined `numbers` since the board's first answer (they pulse once: "yours is ready"). */
function useFreshNumbers(numbers: number[]): ReadonlySet<number> {
  const seen = useRef<Set<number> | null>(null);
  const fresh = new Set<number>();
  if (seen.current) for (const n of numbers) if (!seen.current.has(n)) fresh.add(n);
  useEffect(() => {
    seen.current = new Set(numbers);
  }, [numbers]);
  return fresh;
}

function BoardMessage({ text }: { text: string }) {
  return (
    <div className={classes.screen}>
      <p className={classes.message}>{text}</p>
    </div>
  );
}
