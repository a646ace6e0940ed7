import { Kbd, Popover, Text } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BarButton } from './BarButton';
import classes from './kds-screen.module.css';

/** The bump bar's keys (use-bump-bar.ts), in a small popover of the bar. */
export function KeysHelp({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const or = ` ${t('kitchen.keys.or')} `;
  const rows: [string[], string][] = [
    [['1', '…', '9'], t('kitchen.keys.select')],
    [['←', '→', '↑', '↓'], t('kitchen.keys.move')],
    [['Enter'], t('kitchen.keys.bump')],
    [['R', or, 'Backspace'], t('kitchen.keys.recall')],
    [['0', or, 'Space'], t('kitchen.keys.fullScreen')],
    [['Esc'], t('kitchen.keys.escape')],
  ];
  return (
    <Popover position="bottom-end" shadow="md" width={380} withArrow>
      <Popover.Target>
        <BarButton icon={<IconKeyboard />} label={t('kitchen.keys.open')} compact={compact} />
      </Popover.Target>
      <Popover.Dropdown aria-label={t('kitchen.keys.open')}>
        <Text fw={700} mb="xs">
          {t('kitchen.keys.open')}
        </Text>
        <dl className={classes.keys}>
          {rows.map(([keys, what]) => (
            <div key={what}>
              <dt>
                {keys.map((k, i) =>
                  k === or || k === '…' ? (
                    <span key={i}>{k}</span>
                  ) : (
                    <Kbd key={i} className={classes.kbd}>
                      {k}
                    </Kbd>
                  ),
                )}
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </Popover.Dropdown>
    </Popover>
  );
}
