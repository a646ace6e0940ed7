import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registerTranslations } from '../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

registerTranslations({ az, en, ru });

/** Guest routes under /client (the ordering screens arrive with issue 6). */
export function GuestRoutes() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center">
        <Title order={1}>{t('client.pageNotFound')}</Title>
        <Text c="dimmed">QR Menu</Text>
      </Stack>
    </Center>
  );
}
