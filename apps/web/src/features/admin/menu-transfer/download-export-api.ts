import type { MenuTransferFormat } from '@qr-menu/contract';
import { downloadFile } from '../shared/download-file';
import { transferPath } from './transfer-paths';

/**
 * Downloads the whole menu as a sheet (GET …/menu-transfer/export); with `photos`, a ZIP of the sheet and the
 * dishes' photos, which imports back as it is.
 */
export const downloadExport = (restaurantId: number, format: MenuTransferFormat, photos: boolean) =>
  downloadFile(
    `${transferPath(restaurantId, 'export')}?format=${format}${photos ? '&photos=1' : ''}`,
    `menu-${restaurantId}.${photos ? 'zip' : format}`,
  );
