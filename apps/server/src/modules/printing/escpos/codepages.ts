/**
 * The code pages text is printed in, and which characters each of them prints. A line is sent as characters only
 * when every character of it is in one of these pages; any other line is drawn as an image (text-image.ts).
 *
 * Three pages cover the restaurant's languages on almost every ESC/POS printer: cp437 (the default page: English
 * and Western European letters), cp857 (Turkish, which has the Azerbaijani ç ğ ı ö ş ü and İ too) and cp866
 * (Russian). Their numbers for ESC t come from the encoder's Epson mapping (0, 13 and 17). The Azerbaijani ə (Ə) is
 * in none of them, so a line with it is an image.
 */

export const CODE_PAGES = ['cp437', 'cp857', 'cp866'] as const;
export type CodePage = (typeof CODE_PAGES)[number];

/** The printable ASCII characters, the same in every page (0x20–0x7e). */
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

/**
 * The characters of each page's upper half (0x80–0xff), as the encoder's tables have them. Left out on purpose:
 * cp857's € (0xd5: printers disagree on it), ¶ and § (the encoder would send them as the control bytes 0x14 and
 * 0x15, which a printer reads as commands) and its soft hyphen (0xf0); the bytes below 0x20 are never sent as text.
 */
const UPPER_HALF: Record<CodePage, string> = {
  cp437:
    'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
    'αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
  cp857:
    'ÇüéâäàåçêëèïîıÄÅÉæÆôöòûùİÖÜø£ØŞşáíóúñÑĞğ¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ºªÊËÈÍÎÏ┘┌█▄¦Ì▀' +
    'ÓßÔÒõÕµ×ÚÛÙìÿ¯´±¾÷¸°¨·¹³²■\u00a0',
  cp866:
    'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмноп░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
    'рстуфхцчшщъыьэюяЁёЄєЇїЎў°∙·√№¤■\u00a0',
};

/** Each page's printable characters. */
export const PRINTABLE: Record<CodePage, ReadonlySet<string>> = {
  cp437: new Set(ASCII + UPPER_HALF.cp437),
  cp857: new Set(ASCII + UPPER_HALF.cp857),
  cp866: new Set(ASCII + UPPER_HALF.cp866),
};

/** A piece of a line and the page it is sent in. */
export interface CodePageRun {
  page: CodePage;
  text: string;
}

/**
 * A line cut into runs of one code page each, or null when a character is in no page (the line is drawn as an
 * image). A line one page prints whole is one run in the first such page, so the printer switches pages at most
 * once per line; a line mixing scripts (Cyrillic and ş) switches where it must.
 */
export function codePageRuns(text: string): CodePageRun[] | null {
  const chars = Array.from(text);
  const whole = CODE_PAGES.find((page) => chars.every((ch) => PRINTABLE[page].has(ch)));
  if (whole) return [{ page: whole, text }];

  const runs: CodePageRun[] = [];
  for (const ch of chars) {
    const current = runs.at(-1);
    if (current && PRINTABLE[current.page].has(ch)) {
      current.text += ch;
      continue;
    }
    const page = CODE_PAGES.find((p) => PRINTABLE[p].has(ch));
    if (!page) return null;
    runs.push({ page, text: ch });
  }
  return runs;
}

/** Whether a line has a character no code page prints (the Azerbaijani ə, ₼, emoji…): it is printed as an image. */
export function lineNeedsImage(text: string): boolean {
  return codePageRuns(text) === null;
}
