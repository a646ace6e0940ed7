import { afterEach, describe, expect, it, vi } from 'vitest';
import { addGuestStrings, guestLanguage, guestT, setGuestLanguage, showGuestLanguage } from './i18n';
import { savedLanguage } from '../../../i18n/saved-language';

// ru's strings arrive when the test lets them (a slow chunk on a phone); az and en are there from the start.
const ruArrives = vi.hoisted(() => {
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release };
});
vi.mock('../i18n/ru.json', async () => {
  await ruArrives.arrived;
  return { default: { client: { appName: 'Меню' } } };
});

addGuestStrings('az', [{ client: { appName: 'Menyu' } }]);
addGuestStrings('en', [{ client: { appName: 'Menu' } }]);

describe('the guest language switch', () => {
  afterEach(() => localStorage.clear());

  it('is saved at once and shown once its strings are there', async () => {
    showGuestLanguage('az');
    const switching = setGuestLanguage('en');
    expect(savedLanguage()).toBe('en');
    await switching;
    expect(guestLanguage()).toBe('en');
    expect(guestT('client.appName')).toBe('Menu');
  });

  it('the last choice wins when an earlier one’s strings arrive after it', async () => {
    showGuestLanguage('az');
    const toRussian = setGuestLanguage('ru');
    const toEnglish = setGuestLanguage('en');
    await toEnglish;
    expect(guestLanguage()).toBe('en');
    ruArrives.release();
    await toRussian;
    // Without the rule the page would show Russian while English is saved (and reopens in English).
    expect(guestLanguage()).toBe('en');
    expect(savedLanguage()).toBe('en');
    expect(guestT('client.appName')).toBe('Menu');
  });
});
