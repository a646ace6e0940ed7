import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '@qr-menu/contract';
import { guestT } from '../lib/i18n';
import { renderGuest } from '../test-render';
import { StockLeft } from './StockLeft';

describe('portions left on the guest menu', () => {
  it.each([
    ['en', '3 left'],
    ['az', '3 qalıb'],
    ['ru', 'Осталось: 3'],
  ] as const)('shows the count the menu gives, in the guest’s language (%s)', async (lang, text) => {
    await renderGuest(<StockLeft dish={{ stockCount: 3 }} t={guestT} />, { lang: lang as Language });
    expect(screen.getByTestId('stock-left').textContent).toBe(text);
  });

  it('shows nothing when the menu gives no count', async () => {
    await renderGuest(<StockLeft dish={{}} t={guestT} />);
    expect(screen.queryByTestId('stock-left')).toBeNull();
  });
});
