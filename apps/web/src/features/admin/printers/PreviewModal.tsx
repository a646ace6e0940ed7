import { useState } from 'react';
import { Modal, SegmentedControl, Stack } from '@mantine/core';
import type { Printer } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { PageLoader } from '../../../components/PageLoader';
import { PrintDocumentView } from '../shared/print-preview/PrintDocumentView';
import { usePrintPreview, type PreviewKind } from './printers-api';

const KINDS: PreviewKind[] = ['TICKET', 'RECEIPT', 'TEST'];

/** What a printer prints, drawn as it prints: a kitchen ticket, a receipt or its test page, on its paper. */
export function PreviewModal({
  eateryId,
  printer,
  onClose,
}: {
  eateryId: number;
  printer: Printer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PreviewKind>('TICKET');
  const preview = usePrintPreview(eateryId, printer.id, kind);
  return (
    <Modal opened onClose={onClose} title={t('printers.previewTitle', { name: printer.name })} size="lg">
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(v) => setKind(v as PreviewKind)}
          data={KINDS.map((k) => ({ value: k, label: t(`printers.previewKinds.${k}`) }))}
          aria-label={t('printers.previewKind')}
          // Long names (ru, az) wrap on a phone instead of being cut.
          styles={{ label: { whiteSpace: 'normal' } }}
        />
        <ErrorBanner error={preview.error} />
        {preview.isPending ? (
          <PageLoader rows={2} />
        ) : (
          preview.data && <PrintDocumentView document={preview.data.document} paper={preview.data.paper} />
        )}
      </Stack>
    </Modal>
  );
}
