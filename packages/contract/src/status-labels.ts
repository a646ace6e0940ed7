import type { ItemStatus, Language, OrderStatus } from './enums.js';

/**
 * The names of order and item statuses in az, en and ru: the staff screens show them and the server writes them in
 * the reports' CSV files, so both read this one table (the type makes every language name every status).
 */
export const ORDER_STATUS_LABELS: Record<Language, Record<OrderStatus, string>> = {
  az: {
    NEEDS_CONFIRMATION: 'Təsdiq gözləyir',
    CREATED: 'Yeni',
    PROCESSING: 'İşlənir',
    PREPARING: 'Hazırlanır',
    READY: 'Hazırdır',
    ISSUED: 'Verilib',
    PAID: 'Ödənilib',
    CANCELLED: 'Ləğv edilib',
  },
  en: {
    NEEDS_CONFIRMATION: 'Waiting for confirmation',
    CREATED: 'New',
    PROCESSING: 'Processing',
    PREPARING: 'Preparing',
    READY: 'Ready',
    ISSUED: 'Served',
    PAID: 'Paid',
    CANCELLED: 'Cancelled',
  },
  ru: {
    NEEDS_CONFIRMATION: 'Ждёт подтверждения',
    CREATED: 'Новый',
    PROCESSING: 'В обработке',
    PREPARING: 'Готовится',
    READY: 'Готов',
    ISSUED: 'Подан',
    PAID: 'Оплачен',
    CANCELLED: 'Отменён',
  },
};

export const ITEM_STATUS_LABELS: Record<Language, Record<ItemStatus, string>> = {
  az: {
    CREATED: 'Yeni',
    PREPARING: 'Hazırlanır',
    READY: 'Hazırdır',
    SERVED: 'Verilib',
    DELETED: 'Silinib',
  },
  en: {
    CREATED: 'New',
    PREPARING: 'Preparing',
    READY: 'Ready',
    SERVED: 'Served',
    DELETED: 'Deleted',
  },
  ru: {
    CREATED: 'Новое',
    PREPARING: 'Готовится',
    READY: 'Готово',
    SERVED: 'Подано',
    DELETED: 'Удалено',
  },
};
