import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RegisterForm } from '../../components/RegisterForm';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Title order={2}>{t('register.title')}</Title>
      <Text c="dimmed" size="sm" mb="lg">
        {t('register.subtitle')}
      </Text>
      <RegisterForm withName />
      <Text size="sm" ta="center" mt="md">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to="/admin/login">
          {t('register.toLogin')}
        </Anchor>
      </Text>
    </Paper>
  );
}
