import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Loader, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconBackspace } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './devices.module.css';
import './translations';

/** The longest and shortest PIN (the contract's PIN_PATTERN: 4 to 6 digits). */
const MAX = 6;
const MIN = 4;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * A PIN pad for a touch screen: large digit keys, the digits shown as dots, "clear" and "delete", and OK once 4 digits
 * are in. The keyboard works too (digits, Backspace, Escape clears, Enter sends) while `active`. The PIN is sent and
 * forgotten: the pad is empty again for the next try.
 */
export function PinPad({
  onSubmit,
  busy = false,
  active = true,
  error,
}: {
  onSubmit: (pin: string) => void;
  busy?: boolean;
  /** Listens to the keyboard (one pad on the page at a time). */
  active?: boolean;
  /** A translated message under the dots (a wrong PIN, a locked device). */
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');

  const press = useCallback((digit: string) => setPin((p) => (p.length < MAX ? p + digit : p)), []);
  const back = useCallback(() => setPin((p) => p.slice(0, -1)), []);
  const send = useCallback(() => {
    if (busy || pin.length < MIN) return;
    onSubmit(pin);
    setPin('');
  }, [busy, pin, onSubmit]);

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') back();
      else if (e.key === 'Escape') setPin('');
      else if (e.key === 'Enter') send();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, press, back, send]);

  return (
    <div className={classes.pad}>
      <Group gap="sm" justify="center" className={classes.dots} aria-hidden>
        {Array.from({ length: Math.max(MIN, pin.length) }, (_, i) => (
          <span key={i} className={classes.dot} data-filled={i < pin.length || undefined} />
        ))}
      </Group>
      <Text size="sm" ta="center" aria-live="polite" data-testid="pin-count" className={classes.srOnly}>
        {t('devices.pad.entered', { count: pin.length })}
      </Text>
      <Text c="red" ta="center" size="sm" role="alert" mih={20} fw={500}>
        {error ?? ''}
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        {KEYS.map((k) => (
          <UnstyledButton key={k} className={classes.key} onClick={() => press(k)} disabled={busy}>
            {k}
          </UnstyledButton>
        ))}
        <UnstyledButton className={classes.key} onClick={() => setPin('')} disabled={busy} data-small>
          {t('devices.pad.clear')}
        </UnstyledButton>
        <UnstyledButton className={classes.key} onClick={() => press('0')} disabled={busy}>
          0
        </UnstyledButton>
        <UnstyledButton className={classes.key} onClick={back} disabled={busy} aria-label={t('devices.pad.delete')}>
          <IconBackspace size={28} aria-hidden />
        </UnstyledButton>
      </SimpleGrid>
      <Button size="xl" fullWidth mt="md" onClick={send} disabled={pin.length < MIN || busy}>
        {busy ? <Loader size="sm" color="white" /> : t('devices.pad.submit')}
      </Button>
    </div>
  );
}
