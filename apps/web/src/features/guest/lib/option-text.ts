import type { Language } from '@qr-menu/contract';
import { asLanguage } from '@qr-menu/contract/constants';

type Names = Record<Language, string>;

/** An option's (or group's) name in the guest's language, else the first one given (az, en, ru). */
export function nameOf(names: Names, lang: string): string {
  return names[asLanguage(lang)]?.trim() || names.az || names.en || names.ru || '';
}

/** "0.5 L, Cheese, Bacon": the chosen options of an order item or cart line, in the guest's language. */
export const optionsText = (options: readonly { names: Names }[], lang: string): string =>
  options.map((o) => nameOf(o.names, lang)).join(', ');
