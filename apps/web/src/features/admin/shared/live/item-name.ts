import { localNameByLanguage, type OrderItem } from '@qr-menu/contract';

/**
 * The dish name of an order item in the interface language, with the guest menu's fallback (`localName`), else
 * the stored snapshot name.
 */
export const itemName = (item: Pick<OrderItem, 'names' | 'name'>, lang: string): string =>
  localNameByLanguage(item.names, lang) || item.name;
