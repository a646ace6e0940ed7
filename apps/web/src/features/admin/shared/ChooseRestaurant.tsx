import { Alert, Group, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RestaurantSelect } from '../layout/RestaurantSelect';

/** Shown by restaurant screens when neither the route nor the selection names a restaurant. */
export function ChooseRestaurant({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} mb="md">
        {t(titleKey)}
      </Title>
      <Alert color="blue" icon={<IconBuildingStore />} title={t('layout.chooseRestaurantFirst')}>
        <Group gap="sm" mt="xs">
          <Text size="sm">{t('layout.selectRestaurant')}:</Text>
          <RestaurantSelect />
        </Group>
      </Alert>
    </>
  );
}
