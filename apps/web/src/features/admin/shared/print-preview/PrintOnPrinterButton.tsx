import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import type { PrintRequestBody } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../components/use-error-text';
import { usePrintRequest } from './print-api';
import './translations';

/**
 * "Print on printer": sends a pre-bill, a receipt or a day report to the restaurant's receipt printers. A short note
 * says it was sent; a failure (no printer prints this: `noPrinter`) says why, translated. The browser's own print
 * buttons stay beside it.
 */
export function PrintOnPrinterButton({
  eateryId,
  request,
  label,
  ...buttonProps
}: {
  eateryId: number;
  request: PrintRequestBody;
  /** Defaults to "Print on printer". */
  label?: string;
} & Omit<ButtonProps, 'onClick' | 'loading' | 'children'>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const print = usePrintRequest(eateryId);
  const onClick = () =>
    print.mutate(request, {
      onSuccess: () => notifications.show({ color: 'green', message: t('printPreview.sent') }),
      onError: (err) => notifications.show({ color: 'red', title: t('common.error'), message: errorText(err) }),
    });
  return (
    <Button
      variant="light"
      leftSection={<IconPrinter size={18} />}
      {...buttonProps}
      loading={print.isPending}
      onClick={onClick}
    >
      {label ?? t('printPreview.printOnPrinter')}
    </Button>
  );
}
