import { zonedParts } from '@qr-menu/contract';

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * "06.01.2026 00:30": day, month, year and a 24-hour clock on the restaurant's clock, as every printed document
 * (kitchen ticket, receipt, report, test page) writes a moment, in every language alike.
 */
export function formatStamp(at: Date | string, timeZone: string): string {
  const p = zonedParts(typeof at === 'string' ? new Date(at) : at, timeZone);
  return `${pad2(p.day)}.${pad2(p.month)}.${p.year} ${pad2(p.hour)}:${pad2(p.minute)}`;
}
