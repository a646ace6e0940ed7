import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconCashBanknoteMinus,
  IconCashBanknotePlus,
  IconLock,
  IconReceipt,
  IconScale,
} from '@tabler/icons-react';
import {
  businessDayOf,
  DEFAULT_TIME_ZONE,
  mayDo,
  type DrawerMovementKind,
  type DrawerSession,
  type Eatery,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useErrorText } from '../../../components/use-error-text';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { formatDayDate, formatZonedDateTime } from '../shared/date-format';
import { differenceSign } from '../shared/money-format';
import { ScreenHeader } from '../shared/ScreenHeader';
import { useRestaurants } from '../shared/restaurants-api';
import { CloseDrawerModal } from './CloseDrawerModal';
import { DayDrawers } from './DayDrawers';
import { DrawerFigures } from './DrawerFigures';
import { DrawerMovements } from './DrawerMovements';
import { useMyDrawer } from './drawers-api';
import { MovementModal } from './MovementModal';
import { OpenDrawerForm } from './OpenDrawerForm';

/**
 * `/admin/drawer` (and `/admin/restaurant/:restaurantId/drawer`): the caller's cash drawer — open it with a float,
 * pay cash in and out, count and close it — and the drawers of the business day below. For the roles that take cash
 * (ROLE_MATRIX.drawer).
 */
export function DrawerPage() {
  return <RestaurantScreen titleKey="drawers.title" screen={DrawerGate} />;
}

/** Other roles are told who keeps a drawer instead of getting a 403 from the calls. */
function DrawerGate(props: RestaurantScreenProps) {
  const { t } = useTranslation();
  const restaurants = useRestaurants();
  if (restaurants.isPending) return <PageLoader rows={1} />;
  const restaurant = restaurants.data?.find((r) => r.id === props.restaurantId);
  if (!restaurant || !mayDo(restaurant.roles, 'drawer')) {
    return (
      <>
        <ScreenHeader title={t('drawers.title')} restaurantName={props.restaurantName} />
        <Alert color="yellow" icon={<IconLock />} title={t('drawers.notAllowed')} data-testid="drawer-not-allowed">
          {t('drawers.notAllowedHint')}
        </Alert>
      </>
    );
  }
  return <DrawerScreen {...props} restaurant={restaurant} />;
}

interface Closing {
  session: DrawerSession;
  /** Set when an admin closes another person's drawer. */
  ownerName?: string;
}

function DrawerScreen({
  restaurantId,
  restaurantName,
  canManage,
  restaurant,
}: RestaurantScreenProps & { restaurant: Eatery }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const mine = useMyDrawer(restaurantId);
  const [moving, setMoving] = useState<DrawerMovementKind | null>(null);
  const [closing, setClosing] = useState<Closing | null>(null);
  const [closed, setClosed] = useState<DrawerSession | null>(null);
  const timeZone = restaurant.timeZone || DEFAULT_TIME_ZONE;
  // An open drawer belongs to the day it was opened on (also after midnight); else today's business day.
  const day = mine.data?.businessDay ?? businessDayOf(new Date(), timeZone, restaurant.dayStartHour ?? 0);

  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t('drawers.title')}
        restaurantName={restaurantName}
        action={
          <Button
            component={Link}
            to={`/admin/reports/z?restaurantId=${restaurantId}`}
            variant="default"
            leftSection={<IconReceipt size={18} />}
          >
            {t('drawers.dayReport')}
          </Button>
        }
      />
      {closed && (
        <Alert
          color={{ over: 'teal', short: 'red', even: 'blue' }[differenceSign(closed.difference ?? 0)]}
          variant="light"
          title={t('drawers.close.result')}
          withCloseButton
          closeButtonLabel={t('common.dismiss')}
          onClose={() => setClosed(null)}
          data-testid="drawer-closed-result"
        >
          <DrawerFigures session={closed} />
        </Alert>
      )}
      {mine.isPending ? (
        <Skeleton h={160} />
      ) : mine.error ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('drawers.loadFailed')} role="alert">
          {errorText(mine.error)}
        </Alert>
      ) : mine.data ? (
        <Card withBorder padding="lg" data-testid="my-drawer">
          <Stack gap="sm">
            <div>
              <Title order={3}>{t('drawers.mine')}</Title>
              <Text size="sm" c="dimmed">
                {t('drawers.openSince', {
                  time: formatZonedDateTime(mine.data.openedAt, i18n.language, timeZone),
                  day: formatDayDate(mine.data.businessDay, i18n.language),
                })}
              </Text>
            </div>
            <DrawerFigures session={mine.data} />
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<IconCashBanknotePlus size={18} />}
                onClick={() => setMoving('PAY_IN')}
              >
                {t('drawers.payIn')}
              </Button>
              <Button
                variant="light"
                color="orange"
                leftSection={<IconCashBanknoteMinus size={18} />}
                onClick={() => setMoving('PAY_OUT')}
              >
                {t('drawers.payOut')}
              </Button>
              <Button
                color="red"
                leftSection={<IconScale size={18} />}
                onClick={() => setClosing({ session: mine.data! })}
              >
                {t('drawers.close.button')}
              </Button>
            </Group>
            <DrawerMovements session={mine.data} timeZone={timeZone} />
          </Stack>
        </Card>
      ) : (
        <OpenDrawerForm eateryId={restaurantId} />
      )}
      <DayDrawers
        eateryId={restaurantId}
        day={day}
        timeZone={timeZone}
        isAdmin={canManage}
        onCloseDrawer={(session) =>
          setClosing({ session, ownerName: session.id === mine.data?.id ? undefined : session.userName })
        }
      />
      {moving && mine.data && (
        <MovementModal eateryId={restaurantId} session={mine.data} kind={moving} onClose={() => setMoving(null)} />
      )}
      {closing && (
        <CloseDrawerModal
          eateryId={restaurantId}
          session={closing.session}
          ownerName={closing.ownerName}
          onClose={() => setClosing(null)}
          onClosed={(session) => {
            setClosing(null);
            setClosed(session);
          }}
        />
      )}
    </Stack>
  );
}
