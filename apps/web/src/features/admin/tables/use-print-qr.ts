import { notifications } from '@mantine/notifications';
import type { Table } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { openPrintWindow, printQrImage, renderAndPrint, scanHintsInAllLanguages, showPreparing } from './print';

/**
 * Prints the QR codes of `tables` in a popup window (one card each). A blocked popup shows the message
 * asking to allow popups (tables.alertTxt). `hiRes`: use the print-quality PNG (admins may fetch it). `base`: the
 * address the codes lead to (the device's choice, see useQrBase), as on screen.
 */
export function usePrintQr(eateryId: number, restaurantName: string, hiRes: boolean, base?: string) {
  const { t, i18n } = useTranslation();
  return (tables: Table[]) => {
    const win = openPrintWindow();
    if (!win) {
      notifications.show({ color: 'red', title: t('common.error'), message: t('tables.alertTxt') });
      return;
    }
    const lang = i18n.language;
    showPreparing(win, lang, t('tables.printing'));
    const tableLabel = (number: string) => t('tables.tableNumber', { number });
    void Promise.all(tables.map((table) => printQrImage(eateryId, table, hiRes, base))).then((qrs) => {
      if (win.closed) return;
      const title = tables.length === 1 ? tableLabel(tables[0].number) : t('tables.title');
      renderAndPrint(
        win,
        {
          lang,
          title: restaurantName ? `${restaurantName} — ${title}` : title,
          restaurantName,
          tableLabel,
          qrAlt: (number) => t('tables.qrAlt', { number }),
          // Guests read the card, not the admin: the call to action in all three languages.
          scanHints: scanHintsInAllLanguages(lang, (lng) => i18n.getFixedT(lng)('tables.scanHint')),
        },
        tables.map((table, i) => ({ number: table.number, qr: qrs[i] })),
      );
    });
  };
}
