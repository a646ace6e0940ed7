import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import { TABLE_KEY_PARAM } from '@qr-menu/contract';

/** Base address of guest links: PUBLIC_URL when configured, else the origin the request came to. */
export function publicBase(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * What the QR code of a table encodes: the table's menu link, with the table's key as
 * `?k=` once it has one; without a key the link stays as printed before keys existed.
 */
export const tableQrContent = (base: string, eateryId: number, tableId: number, guestKey?: string | null) =>
  `${base}/client/eatery/${eateryId}/table/${tableId}/add/false/menu` +
  (guestKey ? `?${TABLE_KEY_PARAM}=${encodeURIComponent(guestKey)}` : '');

/** Width of the code shown in lists (qrCodeDto) and of the print-quality PNG. */
export const QR_LIST_WIDTH = 300;
export const QR_PRINT_WIDTH = 1024;

const CACHE_MAX = 2000;
const cache = new Map<string, Promise<Buffer>>();

/**
 * A PNG of `content`, error correction M. Codes are deterministic, so they are cached (least recently
 * used first out): table lists do not re-render every code on every call.
 */
export function qrPng(content: string, width: number): Promise<Buffer> {
  const key = `${width}|${content}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = QRCode.toBuffer(content, { type: 'png', errorCorrectionLevel: 'M', width, margin: 4 });
  made.catch(() => cache.delete(key));
  cache.set(key, made);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value as string);
  return made;
}
