// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: happy-dom's document.images cannot be spread.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import './index';
import { renderAndPrint, scanHintsInAllLanguages } from './print';

/** Printed QR cards: the call to action in az, en and ru, whatever the admin's language. */

const fromI18n = (current: string) => scanHintsInAllLanguages(current, (lng) => i18n.getFixedT(lng)('tables.scanHint'));

describe('QR card call to action', () => {
  it('is in all three languages, the admin’s own first', () => {
    expect(fromI18n('ru')).toEqual([
      { lang: 'ru', text: 'Отсканируйте, чтобы открыть меню и сделать заказ' },
      { lang: 'az', text: 'Menyuya baxmaq və sifariş vermək üçün skan edin' },
      { lang: 'en', text: 'Scan to see the menu and order' },
    ]);
    expect(fromI18n('en').map((h) => h.lang)).toEqual(['en', 'az', 'ru']);
    // Not a key left untranslated in any language.
    expect(fromI18n('az').every((h) => h.text !== 'tables.scanHint')).toBe(true);
  });

  it('prints a text only once when two languages say the same', () => {
    expect(scanHintsInAllLanguages('az', (l) => (l === 'ru' ? 'Сканируйте' : 'Scan'))).toEqual([
      { lang: 'az', text: 'Scan' },
      { lang: 'ru', text: 'Сканируйте' },
    ]);
  });
});

describe('renderAndPrint', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('puts every language’s hint on every card, each marked with its lang, and names as text', () => {
    vi.useFakeTimers();
    const print = vi.fn();
    const win = { document, closed: false, focus: vi.fn(), print } as unknown as Window;
    renderAndPrint(
      win,
      {
        lang: 'en',
        title: 'Tables',
        restaurantName: '<b>Nar</b>',
        tableLabel: (n) => `Table ${n}`,
        qrAlt: (n) => `QR ${n}`,
        scanHints: fromI18n('en'),
      },
      [
        { number: '1', qr: 'data:image/png;base64,AA==' },
        { number: '2', qr: 'data:image/png;base64,AA==' },
      ],
    );
    const cards = [...document.querySelectorAll('.card')];
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const hints = [...card.querySelectorAll('.hint')].map((h) => [h.getAttribute('lang'), h.textContent]);
      expect(hints).toEqual([
        ['en', 'Scan to see the menu and order'],
        ['az', 'Menyuya baxmaq və sifariş vermək üçün skan edin'],
        ['ru', 'Отсканируйте, чтобы открыть меню и сделать заказ'],
      ]);
      expect(card.querySelector('.restaurant')?.textContent).toBe('<b>Nar</b>');
    }
    expect(document.querySelector('b')).toBeNull();
  });
});
