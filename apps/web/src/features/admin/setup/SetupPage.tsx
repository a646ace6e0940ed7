import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { RestaurantScreen, type RestaurantScreenProps } from '../shared/ChooseRestaurant';
import { useRestaurants } from '../shared/restaurants-api';
import {
  SETUP_HIDDEN_KEY,
  setDeviceRemembers,
  useDeviceRemembers,
  useSetupProgress,
  WORKS_ALONE_KEY,
} from '../shared/setup-progress';
import { SetupChecklist } from './SetupChecklist';

const RESTAURANTS = '/admin/restaurants';

/**
 * /admin/setup and /admin/restaurant/{id}/setup: the start checklist of a restaurant, where its admins start (AdminStart)
 * until every step is done or they hide it on this device.
 */
export const SetupPage = () => <RestaurantScreen titleKey="setup.title" screen={SetupScreen} />;

function SetupScreen({ restaurantId, restaurantName, canManage }: RestaurantScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const restaurants = useRestaurants();
  const worksAlone = useDeviceRemembers(WORKS_ALONE_KEY, restaurantId);
  const progress = useSetupProgress(canManage ? restaurantId : null, true);

  const hide = () => {
    setDeviceRemembers(SETUP_HIDDEN_KEY, restaurantId, true);
    navigate(RESTAURANTS);
  };

  if (restaurants.isPending) return <PageLoader rows={3} />;
  return (
    <Stack gap="md" maw={880}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2}>{t('setup.title')}</Title>
          <Text size="sm" c="dimmed">
            {restaurantName ? t('setup.subtitleNamed', { name: restaurantName }) : t('setup.subtitle')}
          </Text>
        </Stack>
        <Button component={Link} to={RESTAURANTS} variant="subtle" rightSection={<IconArrowRight size={18} />}>
          {t('setup.later')}
        </Button>
      </Group>
      {!canManage ? (
        <Alert color="blue">{t('setup.adminsOnly')}</Alert>
      ) : (
        <>
          <ErrorBanner error={progress.error} />
          {progress.data ? (
            <SetupChecklist
              restaurantId={restaurantId}
              progress={progress.data}
              worksAlone={worksAlone}
              onWorksAlone={(alone) => setDeviceRemembers(WORKS_ALONE_KEY, restaurantId, alone)}
              onHide={hide}
            />
          ) : (
            !progress.error && <PageLoader rows={4} />
          )}
        </>
      )}
    </Stack>
  );
}
