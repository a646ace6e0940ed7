import type { Language } from '@qr-menu/contract';

/** The words of kitchen tickets in each language a printer may print in (a test keeps the keys equal). */
export interface KitchenLabels {
  TICKET: string;
  ADDON: string;
  VOID: string;
  MOVED: string;
  FIRE: string;
  REPRINT: string;
  table: string;
  number: string;
  takeaway: string;
  pickup: string;
  waiter: string;
  seat: string;
  course: string;
  orderNote: string;
  voidReason: string;
  movedFrom: string;
  allStations: string;
  /** A guest's note on the admin's sample ticket. */
  sampleNote: string;
}

export const KITCHEN_LABELS: Record<Language, KitchenLabels> = {
  az: {
    TICKET: 'YENİ SİFARİŞ',
    ADDON: 'ƏLAVƏ',
    VOID: 'LƏĞV',
    MOVED: 'KÖÇÜRÜLDÜ',
    FIRE: 'VERİLSİN',
    REPRINT: 'TƏKRAR ÇAP',
    table: 'Masa',
    number: '№',
    takeaway: 'Özü ilə',
    pickup: 'Götürmə',
    waiter: 'Ofisiant',
    seat: 'Yer',
    course: 'Kurs',
    orderNote: 'Qeyd',
    voidReason: 'Səbəb',
    movedFrom: 'Köçürüldü',
    allStations: 'Mətbəx',
    sampleNote: 'soğansız',
  },
  en: {
    TICKET: 'NEW ORDER',
    ADDON: 'ADD-ON',
    VOID: 'VOID',
    MOVED: 'MOVED',
    FIRE: 'FIRE',
    REPRINT: 'REPRINT',
    table: 'Table',
    number: 'No.',
    takeaway: 'Takeaway',
    pickup: 'Pickup',
    waiter: 'Waiter',
    seat: 'Seat',
    course: 'Course',
    orderNote: 'Note',
    voidReason: 'Reason',
    movedFrom: 'Moved',
    allStations: 'Kitchen',
    sampleNote: 'no onions',
  },
  ru: {
    TICKET: 'НОВЫЙ ЗАКАЗ',
    ADDON: 'ДОЗАКАЗ',
    VOID: 'ОТМЕНА',
    MOVED: 'ПЕРЕНОС',
    FIRE: 'ПОДАВАТЬ',
    REPRINT: 'ПОВТОРНАЯ ПЕЧАТЬ',
    table: 'Стол',
    number: '№',
    takeaway: 'С собой',
    pickup: 'Самовывоз',
    waiter: 'Официант',
    seat: 'Место',
    course: 'Курс',
    orderNote: 'Примечание',
    voidReason: 'Причина',
    movedFrom: 'Перенесён',
    allStations: 'Кухня',
    sampleNote: 'без лука',
  },
};
