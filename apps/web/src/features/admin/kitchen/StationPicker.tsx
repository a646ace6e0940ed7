import { Button, Group, ScrollArea } from '@mantine/core';
import type { Department } from '@qr-menu/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** All + each kitchen department, as links (/admin/kitchen, /admin/kitchen/{id}): a station is a bookmarkable URL. */
export function StationPicker({
  departments,
  station,
}: {
  departments: readonly Department[];
  station: number | null;
}) {
  const { t } = useTranslation();
  const entries: { id: number | null; name: string }[] = [
    { id: null, name: t('kitchen.stationAll') },
    ...departments.map((d) => ({ id: d.id, name: d.name })),
  ];
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
      <Group gap="xs" wrap="nowrap" component="nav" aria-label={t('kitchen.stations')}>
        {entries.map((e) => (
          <Button
            key={e.id ?? 'all'}
            component={Link}
            to={e.id === null ? '/admin/kitchen' : `/admin/kitchen/${e.id}`}
            size="lg"
            variant={e.id === station ? 'filled' : 'default'}
            aria-current={e.id === station ? 'page' : undefined}
            // Scrolls sideways on a phone instead of squeezing the names.
            style={{ flexShrink: 0 }}
          >
            {e.name}
          </Button>
        ))}
      </Group>
    </ScrollArea>
  );
}
