import { clockTime, dayIn, type AuditEntry, type AuditKind, type Language } from '@qr-menu/contract';
import { csvFile, csvFormat, textCell } from '../reports/csv.js';

/** The audit log as CSV, by the reports' CSV rules (csv.ts): one row per entry, times in the restaurant's zone. */

const HEADERS: Record<Language, string[]> = {
  az: ['Tarix', 'Saat', 'Növ', 'İşçi', 'Təsdiqləyən', 'Obyekt', 'Əvvəl', 'Sonra', 'Səbəb'],
  en: ['Date', 'Time', 'Kind', 'Staff', 'Approved by', 'Subject', 'Before', 'After', 'Reason'],
  ru: ['Дата', 'Время', 'Тип', 'Сотрудник', 'Подтвердил', 'Объект', 'До', 'После', 'Причина'],
};

export const AUDIT_KIND_NAMES: Record<Language, Record<AuditKind, string>> = {
  az: {
    VOID: 'Ləğv',
    DISCOUNT: 'Endirim',
    REFUND: 'Geri qaytarma',
    REOPEN: 'Yenidən açılma',
    STATUS: 'Status',
    PRICE: 'Qiymət',
    AVAILABILITY: 'Mövcudluq',
    ROLE: 'Rol',
    PASSWORD: 'Şifrə',
    CLOSE_DAY: 'Günün bağlanması',
    REOPEN_DAY: 'Günün yenidən açılması',
    DRAWER: 'Kassa',
    MOVE: 'Köçürmə',
    MERGE: 'Birləşdirmə',
    SPLIT: 'Hesabın bölünməsi',
    STOCK: 'Qalan porsiyalar',
  },
  en: {
    VOID: 'Void',
    DISCOUNT: 'Discount',
    REFUND: 'Refund',
    REOPEN: 'Reopen',
    STATUS: 'Status',
    PRICE: 'Price',
    AVAILABILITY: 'Availability',
    ROLE: 'Role',
    PASSWORD: 'Password',
    CLOSE_DAY: 'Day closed',
    REOPEN_DAY: 'Day reopened',
    DRAWER: 'Cash drawer',
    MOVE: 'Moved',
    MERGE: 'Merged',
    SPLIT: 'Check split',
    STOCK: 'Portions left',
  },
  ru: {
    VOID: 'Аннулирование',
    DISCOUNT: 'Скидка',
    REFUND: 'Возврат',
    REOPEN: 'Повторное открытие',
    STATUS: 'Статус',
    PRICE: 'Цена',
    AVAILABILITY: 'Наличие',
    ROLE: 'Роль',
    PASSWORD: 'Пароль',
    CLOSE_DAY: 'Закрытие дня',
    REOPEN_DAY: 'Переоткрытие дня',
    DRAWER: 'Касса',
    MOVE: 'Перенос',
    MERGE: 'Объединение',
    SPLIT: 'Разделение счёта',
    STOCK: 'Остаток порций',
  },
};

/** Values as "field: value; field: value" (the stored values, as the screen shows them too). */
const values = (v: AuditEntry['before']) =>
  v === null
    ? ''
    : Object.entries(v)
        .map(([k, x]) => `${k}: ${x === null ? '' : String(x)}`)
        .join('; ');

export function auditCsv(entries: AuditEntry[], lang: Language, timeZone: string): string {
  const f = csvFormat(lang);
  return csvFile(
    HEADERS[lang],
    entries.map((e) => {
      const at = new Date(e.at);
      return [
        dayIn(at, timeZone),
        clockTime(at, timeZone),
        textCell(AUDIT_KIND_NAMES[lang][e.kind], f),
        textCell(e.userName, f),
        textCell(e.approvedBy, f),
        textCell(e.subject, f),
        textCell(values(e.before), f),
        textCell(values(e.after), f),
        textCell(e.reason, f),
      ];
    }),
    f,
  );
}
