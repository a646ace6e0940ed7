import { Anchor, AppShell, Container, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSelect } from '../../components/LanguageSelect';
import { LayoutFooter } from '../../components/LayoutFooter';

/** Header 'QR Menu Admin' with language switcher and a landing link; footer with the year. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 44 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={1} size="h4">
            {t('app.adminTitle')}
          </Title>
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to="/landing" visibleFrom="xs">
              {t('app.toLanding')}
            </Anchor>
            <LanguageSelect compact />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Container size={460} py="xl">
          <Outlet />
        </Container>
      </AppShell.Main>
      <LayoutFooter size="sm">
        © {new Date().getFullYear()} {t('app.name')}
      </LayoutFooter>
    </AppShell>
  );
}
