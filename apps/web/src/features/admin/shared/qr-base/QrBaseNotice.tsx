import { Alert, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveQrBase, type QrBase } from './qr-base';
import './texts';

/**
 * On a loopback page (localhost): says where the QR codes lead and lets this device pick an address phones can reach
 * (a LAN address of the server or PUBLIC_URL). A warning while the codes would open only on this computer. Nothing
 * off a loopback page.
 */
export function QrBaseNotice({ qrBase, compact = false }: { qrBase: QrBase; compact?: boolean }) {
  const { t } = useTranslation();
  if (!qrBase.onLoopback || !qrBase.ready) return null;
  const { base, unreachable, options } = qrBase;
  const data = options.map((o) => ({
    value: o.value,
    label: t(o.kind === 'public' ? 'qrBase.publicOption' : 'qrBase.lanOption', { url: o.value }),
  }));
  return (
    <Alert
      color={unreachable ? 'yellow' : 'blue'}
      variant="light"
      icon={unreachable ? <IconAlertTriangle /> : <IconWorld />}
      title={t(unreachable ? 'qrBase.warnTitle' : 'qrBase.okTitle')}
      mb={compact ? 0 : 'md'}
      data-testid="qr-base-notice"
      data-unreachable={unreachable}
    >
      <Stack gap="xs">
        <Text size="sm">
          {unreachable ? t('qrBase.warnText', { host: window.location.host }) : t('qrBase.okText', { url: base })}
        </Text>
        {options.length > 0 ? (
          <Select
            label={t('qrBase.choose')}
            placeholder={t('qrBase.choosePlaceholder')}
            data={data}
            value={base ?? null}
            onChange={(value) => saveQrBase(value)}
            allowDeselect={false}
            maw={480}
            comboboxProps={{ withinPortal: true }}
            data-testid="qr-base-select"
          />
        ) : (
          <Text size="sm" fw={500}>
            {t('qrBase.noAddress')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
