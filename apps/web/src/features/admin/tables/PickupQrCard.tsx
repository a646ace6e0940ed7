import { Anchor, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceTv, IconPrinter, IconShoppingBag } from '@tabler/icons-react';
import { PICKUP_PAGES } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { openPrintWindow, renderAndPrint, scanHintsInAllLanguages, showPreparing } from './print';
import { usePickupQr } from './pickup-qr';

/**
 * The restaurant-wide pickup link (shown while pickup is on): its QR code, printed like a table's card, and the pickup
 * board to open on the screen at the counter.
 */
export function PickupQrCard({
  restaurantId,
  restaurantName,
  qrBase,
}: {
  restaurantId: number;
  restaurantName: string;
  /** The address the codes lead to (the tables page's choice; undefined: the server's). */
  qrBase: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const qr = usePickupQr(restaurantId, qrBase);
  const link = `${qrBase ?? window.location.origin}${PICKUP_PAGES.menu(restaurantId)}`;
  const label = t('tables.pickup.cardLabel');

  const print = () => {
    const win = openPrintWindow();
    if (!win) {
      notifications.show({ color: 'red', title: t('common.error'), message: t('tables.alertTxt') });
      return;
    }
    const lang = i18n.language;
    showPreparing(win, lang, t('tables.printing'));
    void (qr.data ? Promise.resolve({ data: qr.data }) : qr.refetch()).then(({ data }) => {
      if (win.closed || !data) return;
      renderAndPrint(
        win,
        {
          lang,
          title: restaurantName ? `${restaurantName} — ${label}` : label,
          restaurantName,
          tableLabel: () => label,
          qrAlt: () => t('tables.pickup.qrAlt'),
          // Guests read the card: the call to action in all three languages.
          scanHints: scanHintsInAllLanguages(lang, (lng) => i18n.getFixedT(lng)('tables.pickup.scanHint')),
        },
        [{ number: label, qr: data }],
      );
    });
  };

  return (
    <Card withBorder radius="md" padding="md" mb="md" data-testid="pickup-qr-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {qr.data ? (
          <Image src={qr.data} alt={t('tables.pickup.qrAlt')} w={112} h={112} fit="contain" />
        ) : (
          <Skeleton w={112} h={112} radius="sm" />
        )}
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6}>
            <IconShoppingBag size={20} aria-hidden />
            <Title order={3} size="h4">
              {t('tables.pickup.title')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('tables.pickup.text')}
          </Text>
          <Anchor href={link} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {link}
          </Anchor>
          <Group gap="xs" mt={4}>
            <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={print}>
              {t('tables.pickup.print')}
            </Button>
            <Button
              component="a"
              href={PICKUP_PAGES.board(restaurantId)}
              target="_blank"
              rel="noreferrer"
              variant="default"
              leftSection={<IconDeviceTv size={18} />}
            >
              {t('tables.pickup.openBoard')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
