import { useEffect } from 'react';
import { ActionIcon, AppShell, Burger, Button, Group, NavLink, ScrollArea, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronsLeft, IconChevronsRight, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { LIMITS } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { session } from '../../../api/session';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { LayoutFooter } from '../../../components/LayoutFooter';
import { useRestaurants } from '../shared/restaurants-api';
import { useAuthStatus, useLogout, useSwitchRestaurant } from '../shared/session-api';
import { useStoredRestaurantId } from '../shared/use-selected-restaurant';
import { useTokenRefresh } from '../shared/use-token-refresh';
import { NAV, visibleNav } from '../shared/nav';
import { RestaurantSelect } from '../shared/RestaurantSelect';
import { DeviceLockButton, DeviceLockScreen } from '../shared/devices/DeviceLockScreen';
import { useAdminChromeHidden } from '../shared/admin-chrome';

/**
 * The sidebar entry whose screen this path shows: /admin/tables and /admin/restaurant/5/tables are both
 * "tables"; /admin/restaurant/5 belongs to the restaurants entry, /admin/bill and /admin/receipt to the orders.
 */
function useCurrentEntry() {
  const { pathname } = useLocation();
  // A screen with an entry of its own below another one's path (the Z report under reports) is that entry.
  const path = /^\/admin\/(?:restaurant\/\d+\/)?([a-z-]+(?:\/[a-z-]+)*)$/.exec(pathname)?.[1];
  const exact = NAV.find((e) => e.to === `/admin/${path}`);
  if (exact) return exact;
  const screen = /^\/admin\/(?:restaurant\/\d+\/)?([a-z-]+)/.exec(pathname)?.[1] ?? 'restaurants';
  // Closing a bill and its receipt are part of the orders' work.
  const name = screen === 'restaurant' ? 'restaurants' : screen === 'bill' || screen === 'receipt' ? 'orders' : screen;
  return NAV.find((e) => e.to === `/admin/${name}`) ?? NAV[0];
}

export function AdminLayout() {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`);
  const [mobileOpen, mobile] = useDisclosure(false);
  const [collapsed, desktop] = useDisclosure(false);
  const { pathname } = useLocation();
  const current = useCurrentEntry();
  const titleKey = /^\/admin\/restaurant\/\d+$/.test(pathname) ? 'restaurants.details' : current.labelKey;
  const status = useAuthStatus();
  const restaurants = useRestaurants();
  const selectedId = useStoredRestaurantId();
  const switchRestaurant = useSwitchRestaurant();
  const logout = useLogout();
  useTokenRefresh();
  // A screen in full-screen mode (the kitchen display at the pass) draws its own bar: no sidebar, header or footer.
  const chromeHidden = useAdminChromeHidden();

  const selected = restaurants.data?.find((r) => r.id === selectedId);
  const nav = visibleNav(selected?.roles ?? restaurants.data?.[0]?.roles);

  // One restaurant is selected automatically; a selection that no longer exists is dropped.
  useEffect(() => {
    const list = restaurants.data;
    if (!list) return;
    if (selectedId && !list.some((r) => r.id === selectedId)) session.setRestaurantId(null);
    else if (!selectedId && list.length === 1 && !switchRestaurant.isPending) switchRestaurant.mutate(list[0].id);
  }, [restaurants.data, selectedId, switchRestaurant]);

  useEffect(() => mobile.close(), [pathname, mobile]);

  const navWidth = collapsed && !isMobile ? 72 : 280;
  // The same tree either way (the parts are left out, not swapped): the screen below stays mounted when it hides them.
  return (
    <AppShell
      header={chromeHidden ? undefined : { height: 64 }}
      footer={chromeHidden ? undefined : { height: 40 }}
      navbar={chromeHidden ? undefined : { width: navWidth, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }}
      padding={chromeHidden ? 0 : 'md'}
    >
      {!chromeHidden && (
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger
                opened={mobileOpen}
                onClick={mobile.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggle')}
              />
              <Title order={1} size="h4" lineClamp={1} visibleFrom="sm">
                {t(titleKey)}
              </Title>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <RestaurantSelect />
              <Group gap={4} visibleFrom="md" wrap="nowrap">
                <IconUserCircle size={20} aria-hidden />
                <Text size="sm" lineClamp={1} maw={180}>
                  {status.data?.name || status.data?.username}
                </Text>
              </Group>
              <LanguageSelect compact />
              <DeviceLockButton />
              <Tooltip label={t('common.logout')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('common.logout')}
                  loading={logout.isPending}
                  onClick={() =>
                    // RequireAuth then sends this tab (and the others) to the login page.
                    logout.mutate(undefined, { onSuccess: () => session.clear() })
                  }
                >
                  <IconLogout size={20} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </AppShell.Header>
      )}

      {!chromeHidden && (
        <AppShell.Navbar p="xs">
          <AppShell.Section grow component={ScrollArea}>
            {nav.map((entry) => {
              const active = entry === current;
              const icon = <entry.icon size={22} stroke={1.6} />;
              return collapsed && !isMobile ? (
                <Tooltip key={entry.to} label={t(entry.labelKey)} position="right">
                  <NavLink
                    component={Link}
                    to={entry.to}
                    active={active}
                    leftSection={icon}
                    aria-label={t(entry.labelKey)}
                  />
                </Tooltip>
              ) : (
                <NavLink
                  key={entry.to}
                  component={Link}
                  to={entry.to}
                  active={active}
                  leftSection={icon}
                  label={t(entry.labelKey)}
                />
              );
            })}
          </AppShell.Section>
          <AppShell.Section visibleFrom="sm">
            <Button
              variant="subtle"
              color="gray"
              fullWidth
              onClick={desktop.toggle}
              aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
              leftSection={collapsed ? <IconChevronsRight size={18} /> : <IconChevronsLeft size={18} />}
            >
              {collapsed ? null : t('nav.collapse')}
            </Button>
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main bg={chromeHidden ? undefined : 'gray.0'}>
        <ErrorBanner error={logout.error} onClose={() => logout.reset()} />
        <ErrorBoundary>
          <Outlet />
        </ErrorBoundary>
      </AppShell.Main>

      {/* On a registered device: the idle lock and the PIN pad over everything. */}
      <DeviceLockScreen />
      {!chromeHidden && (
        <LayoutFooter size="xs">
          {t('app.adminFooter')} {new Date().getFullYear()}
        </LayoutFooter>
      )}
    </AppShell>
  );
}
