import { Indicator } from '@mantine/core';
import {
  IconArrowBackUp,
  IconListNumbers,
  IconMaximize,
  IconMinimize,
  IconMoon,
  IconSoup,
  IconVolume,
  IconVolumeOff,
} from '@tabler/icons-react';
import type { Department } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useSound } from '../shared/live/sound-setting';
import { BarButton } from './BarButton';
import { Clock } from './Clock';
import type { KitchenTheme } from './kds-theme';
import { KeysHelp } from './KeysHelp';
import { StationMenu } from './StationMenu';
import classes from './kds-screen.module.css';

export interface KitchenBarProps {
  fullScreen: boolean;
  theme: KitchenTheme;
  live: boolean;
  /** Tickets that can be brought back (the recall button's count). */
  recallCount: number;
  departments: readonly Department[];
  station: number | null;
  timeZone?: string;
  onRecall: () => void;
  onAllDay: () => void;
  onSoldOut: () => void;
  onToggleTheme: () => void;
  onToggleFullScreen: () => void;
}

/**
 * The kitchen display's bar: its title, whether it is connected, and its buttons (recall, all day, sold out, sound,
 * theme, the bump bar's keys, full screen). In full-screen mode it is the only bar on screen: slim, icons only, with
 * the station (a menu to switch) and the restaurant's clock.
 */
export function KitchenBar(props: KitchenBarProps) {
  const { t } = useTranslation();
  const { fullScreen: compact } = props;
  const sound = useSound();
  const soundOn = sound.state !== 'off';
  const TitleTag = compact ? 'h1' : 'h2';
  return (
    <div className={classes.bar}>
      <div className={classes.barGroup}>
        <TitleTag className={classes.title}>{t('kitchen.title')}</TitleTag>
        {compact && <StationMenu departments={props.departments} station={props.station} />}
        {compact && <Clock timeZone={props.timeZone} />}
        {props.live && <span className={classes.liveDot}>{t('kitchen.live')}</span>}
      </div>
      <div className={classes.barGroup}>
        <Indicator label={props.recallCount} size={22} disabled={props.recallCount === 0} zIndex={2}>
          <BarButton
            icon={<IconArrowBackUp />}
            label={t('kitchen.recall.open')}
            compact={compact}
            onClick={props.onRecall}
          />
        </Indicator>
        <BarButton
          icon={<IconListNumbers />}
          label={t('kitchen.allDay.title')}
          compact={compact}
          onClick={props.onAllDay}
          className={classes.allDayButton}
        />
        <BarButton icon={<IconSoup />} label={t('kitchen.soldOut.open')} compact={compact} onClick={props.onSoldOut} />
        <BarButton
          icon={soundOn ? <IconVolume /> : <IconVolumeOff />}
          label={soundOn ? t('live.sound.turnOff') : t('live.sound.turnOn')}
          compact
          pressed={soundOn}
          onClick={soundOn ? sound.turnOff : sound.turnOn}
        />
        <BarButton
          icon={<IconMoon />}
          label={t('kitchen.theme.dark')}
          compact
          pressed={props.theme === 'dark'}
          onClick={props.onToggleTheme}
        />
        <KeysHelp compact />
        <BarButton
          icon={compact ? <IconMinimize /> : <IconMaximize />}
          label={compact ? t('kitchen.fullScreen.exit') : t('kitchen.fullScreen.enter')}
          compact={compact}
          onClick={props.onToggleFullScreen}
        />
      </div>
    </div>
  );
}
