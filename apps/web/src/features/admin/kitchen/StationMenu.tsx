import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { Department } from '@qr-menu/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The station in the slim full-screen bar: its name, and a menu of the others (the same links as StationPicker). */
export function StationMenu({ departments, station }: { departments: readonly Department[]; station: number | null }) {
  const { t } = useTranslation();
  const entries: { id: number | null; name: string }[] = [
    { id: null, name: t('kitchen.stationAll') },
    ...departments.map((d) => ({ id: d.id, name: d.name })),
  ];
  const current = entries.find((e) => e.id === station)?.name ?? t('kitchen.stationAll');
  return (
    <Menu
      position="bottom-start"
      shadow="md"
      // Mantine's focus placeholder is a role="presentation" child of the menu, which axe refuses in a menu.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button size="lg" variant="default" rightSection={<IconChevronDown size={20} />}>
          {t('kitchen.stationMenu', { name: current })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((e) => (
          <Menu.Item
            key={e.id ?? 'all'}
            component={Link}
            to={e.id === null ? '/admin/kitchen' : `/admin/kitchen/${e.id}`}
            aria-current={e.id === station ? 'page' : undefined}
            fw={e.id === station ? 800 : undefined}
          >
            {e.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
