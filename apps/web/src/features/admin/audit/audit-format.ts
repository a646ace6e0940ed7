import {
  ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHODS,
  ROLES,
  type AuditKind,
  type Language,
} from '@qr-menu/contract/constants';
import type { AuditEntry } from '@qr-menu/contract';
import { formatMoney } from '../shared/money-format';

/**
 * How an audit entry reads on screen: its time on the restaurant's clock, and its before/after values in words of the
 * interface language. The server stores the values language-neutral (status codes, "12.50", "WAITER,CASHIER").
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;
type AuditValue = NonNullable<AuditEntry['before']>[string];

/** An entry's time: the admin-wide date and time on the restaurant's clock, 24-hour. */
export { formatZonedDateTime as formatAuditTime } from '../shared/date-format';

/** Fields that hold money (AZN). */
const MONEY_FIELDS = new Set(['amount', 'discount', 'paid', 'refund', 'price']);
/** Fields the screen has a name for; any other shows its raw key. */
const KNOWN_FIELDS = new Set([
  ...MONEY_FIELDS,
  'status',
  'method',
  'available',
  'roles',
  'order',
  'table',
  'lines',
  'stockCount',
]);

const languageOf = (lang: string): Language => (lang === 'az' || lang === 'ru' ? lang : 'en');

/**
 * A status code in words. A void is about an item, the other kinds about an order: the same code may read differently
 * for each ("Новое" item, "Новый" order), so the entry's kind picks which table is asked first.
 */
function statusLabel(code: string, kind: AuditKind, lang: Language): string {
  const items: Record<string, string> = ITEM_STATUS_LABELS[lang];
  const orders: Record<string, string> = ORDER_STATUS_LABELS[lang];
  return (kind === 'VOID' ? (items[code] ?? orders[code]) : (orders[code] ?? items[code])) ?? code;
}

/** One value of a field in words: statuses, payment methods, roles, yes/no, money with 2 decimals and AZN. */
export function formatAuditValue(field: string, value: AuditValue, kind: AuditKind, lang: string, t: Translate) {
  if (value === null || value === '') {
    if (field === 'stockCount') return t('audit.value.notCounted');
    return field === 'roles' ? t('audit.value.noRoles') : t('audit.value.empty');
  }
  if (typeof value === 'boolean') {
    if (field === 'available') return t(value ? 'audit.value.available' : 'audit.value.unavailable');
    return t(value ? 'audit.value.yes' : 'audit.value.no');
  }
  if (MONEY_FIELDS.has(field) && Number.isFinite(Number(value))) return formatMoney(Number(value), lang);
  const text = String(value);
  if (field === 'status') return statusLabel(text, kind, languageOf(lang));
  if (field === 'method' && (PAYMENT_METHODS as readonly string[]).includes(text)) return t(`audit.method.${text}`);
  if (field === 'roles') {
    return text
      .split(',')
      .map((r) => r.trim())
      .map((r) => ((ROLES as readonly string[]).includes(r) ? t(`roles.${r}`) : r))
      .join(', ');
  }
  return text;
}

export interface AuditChange {
  /** The field as stored ("status"). */
  field: string;
  /** The field's name in words. */
  label: string;
  /** The value before and after, in words; null when that side does not name the field. */
  before: string | null;
  after: string | null;
}

/** The fields an entry changed, in the order the server wrote them (before's first, then those only after names). */
export function auditChanges(entry: AuditEntry, lang: string, t: Translate): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const side = (values: Record<string, AuditValue>, field: string) =>
    field in values ? formatAuditValue(field, values[field], entry.kind, lang, t) : null;
  return fields.map((field) => ({
    field,
    label: KNOWN_FIELDS.has(field) ? t(`audit.field.${field}`) : field,
    before: side(before, field),
    after: side(after, field),
  }));
}
