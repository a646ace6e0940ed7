import { apiResponse } from '../../../api/client';

/** The file name of a `Content-Disposition` header: `filename*=UTF-8''…` first (it may carry any letter), else `filename="…"`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A broken encoding: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * Downloads a file of the API (a CSV export): fetched with the staff token through the api client (a plain link
 * would carry no Authorization header), then saved under the server's file name, else `fallbackName`.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await apiResponse(url);
  const blob = await res.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = dispositionFileName(res.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
