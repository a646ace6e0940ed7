/**
 * Free-text cleaning shared by the server's schemas and the web app (zod-free: guest pages may import it from
 * `@qr-menu/contract/constants`).
 */

/**
 * Bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks
 * LRM, RLM, ALM (U+200E, U+200F, U+061C). An override makes the staff read a note in another order than it was
 * written ("Trojan source"); no note needs them, so they are removed.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * White space and characters that show nothing: zero-width space, non-joiner and joiner, word joiner and the
 * invisible operators, BOM, soft hyphen, Mongolian vowel separator. Inside a note they stay (a joiner is part of
 * many emoji); a note made only of them is empty.
 */
const ONLY_INVISIBLE = /^[\s\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]*$/;

/** A note as it is stored: bidi controls removed, trimmed, '' when nothing visible is left. */
export function cleanNote(text: string): string {
  const cleaned = text.replace(BIDI_CONTROLS, '').trim();
  return ONLY_INVISIBLE.test(cleaned) ? '' : cleaned;
}
