import { useEffect } from 'react';
import { ActionIcon, Alert, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { prepareChime } from './chime';
import { useSound } from './sound-setting';

/**
 * "Sound is off — tap to turn it on": shown while the staff want sound but the browser still blocks it (no tap on
 * the page yet). Any tap on the page unlocks it too; the banner then goes away. Nothing when sound is on or was
 * turned off on purpose (the SoundToggle turns it back on).
 */
export function SoundBanner() {
  const { t } = useTranslation();
  const { state, turnOn } = useSound();
  // The next tap anywhere on the page unlocks the sound (the banner's button is just the obvious place).
  useEffect(() => prepareChime(), []);
  if (state !== 'blocked') return null;
  return (
    <Alert color="yellow" variant="light" mb="sm" icon={<IconVolumeOff />} role="status" p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('live.sound.blocked')}
        </Text>
        <Button size="sm" color="yellow" leftSection={<IconVolume size={18} />} onClick={turnOn}>
          {t('live.sound.turnOn')}
        </Button>
      </Group>
    </Alert>
  );
}

/** A speaker button for a screen's header: turns the sound on or off (remembered). */
export function SoundToggle() {
  const { t } = useTranslation();
  const { state, turnOn, turnOff } = useSound();
  const on = state !== 'off';
  const label = on ? t('live.sound.turnOff') : t('live.sound.turnOn');
  return (
    <Tooltip label={label}>
      <ActionIcon
        size={48}
        variant={on ? 'light' : 'default'}
        aria-label={label}
        aria-pressed={on}
        onClick={on ? turnOff : turnOn}
      >
        {on ? <IconVolume /> : <IconVolumeOff />}
      </ActionIcon>
    </Tooltip>
  );
}
