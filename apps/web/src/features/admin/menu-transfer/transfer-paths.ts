import type { MenuTransferFormat } from '@qr-menu/contract';

/** The menu transfer routes of a restaurant (contract menu-transfer.ts). */
export const transferPath = (restaurantId: number, what: 'template' | 'export' | 'preview' | 'import') =>
  `/api/eatery/${restaurantId}/menu-transfer/${what}`;

/** The form of preview and import: the sheet, and the ZIP of photos when one is chosen. */
export function transferForm(file: File, photos: File | null): FormData {
  const form = new FormData();
  form.append('file', file);
  if (photos) form.append('photos', photos);
  return form;
}

export const FORMAT_LABELS: Record<MenuTransferFormat, string> = { xlsx: 'XLSX', csv: 'CSV' };
