import { useEffect } from 'react';
import { IconVolume } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { prepareChime } from '../shared/live/chime';
import { useSound } from '../shared/live/sound-setting';
import classes from './kds-screen.module.css';

/**
 * "Tap to enable sound": browsers play nothing until the page is tapped once, so after a reload a screen whose sound
 * is on shows this one big button until then (any tap on the page does it too). Nothing when the sound plays or was
 * turned off on purpose.
 */
export function SoundPrompt() {
  const { t } = useTranslation();
  const { state, turnOn } = useSound();
  useEffect(() => prepareChime(), []);
  if (state !== 'blocked') return null;
  return (
    <button type="button" className={classes.soundPrompt} onClick={turnOn}>
      <IconVolume size={28} aria-hidden />
      {t('kitchen.soundEnable')}
    </button>
  );
}
