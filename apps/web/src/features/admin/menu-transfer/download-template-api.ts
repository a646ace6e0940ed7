import type { MenuTransferFormat } from '@qr-menu/contract';
import { downloadFile } from '../shared/download-file';
import { transferPath } from './transfer-paths';

/** Downloads the empty menu sheet: the header row and one example row (GET …/menu-transfer/template). */
export const downloadTemplate = (restaurantId: number, format: MenuTransferFormat) =>
  downloadFile(`${transferPath(restaurantId, 'template')}?format=${format}`, `menu-template.${format}`);
