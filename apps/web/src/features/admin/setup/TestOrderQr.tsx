import { Anchor, Flex, Image, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { QrBaseNotice } from '../shared/qr-base/QrBaseNotice';
import { useQrBase } from '../shared/qr-base/qr-base';
import { useTestOrderTable } from './setup-api';

/**
 * The QR code of the restaurant's first table, to scan with the owner's own phone, with its link beside it. On
 * localhost the address notice comes first: a code leading to this computer would open nothing on the phone.
 */
export function TestOrderQr({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const qrBase = useQrBase();
  const table = useTestOrderTable(restaurantId, qrBase.base, qrBase.ready);
  return (
    <Stack gap="sm">
      <QrBaseNotice qrBase={qrBase} compact />
      <ErrorBanner error={table.error} />
      <Flex direction={{ base: 'column', xs: 'row' }} gap="md" align={{ base: 'center', xs: 'flex-start' }}>
        {table.data ? (
          <Image
            src={`data:image/png;base64,${table.data.qrCodeDto.qrCodeAsBytes}`}
            alt={t('setup.testOrder.qrAlt', { number: table.data.number })}
            w={176}
            h={176}
            radius="sm"
            bd="1px solid var(--mantine-color-gray-3)"
            style={{ flexShrink: 0, opacity: qrBase.unreachable ? 0.4 : 1 }}
            data-testid="setup-test-order-qr"
          />
        ) : (
          !table.error && <Skeleton w={176} h={176} radius="sm" style={{ flexShrink: 0 }} />
        )}
        {table.data && (
          <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600}>
              {t('setup.testOrder.tableLabel', { number: table.data.number })}
            </Text>
            <Text size="sm">{t('setup.testOrder.howTo')}</Text>
            <Text size="sm" c="dimmed">
              {t('setup.testOrder.noCamera')}
            </Text>
            <Anchor
              href={table.data.qrCodeDto.content}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="setup-test-order-link"
            >
              {table.data.qrCodeDto.content}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('setup.testOrder.waiting')}
            </Text>
          </Stack>
        )}
      </Flex>
    </Stack>
  );
}
