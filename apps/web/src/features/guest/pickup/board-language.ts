import type { Language } from '@qr-menu/contract/constants';
import { isLanguage } from '../../../i18n/saved-language';

/**
 * The board's language: `?lang=` of its address when it is one of ours (a screen set up once by the owner), else the
 * restaurant's guest language; az until the restaurant is known. Never the language a phone chose: the board is
 * nobody's phone, and it does not save a choice either.
 */
export function boardLanguage(search: string, restaurant: Language | undefined): Language {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLanguage(asked)) return asked;
  return restaurant ?? 'az';
}
