import { describe, expect, it } from 'vitest';
import type { Language } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { ItemStatusBadge, OrderStatusBadge } from './status-style';
import './index';

const SERVED: Record<Language, string> = { en: 'Served', az: 'Verilib', ru: 'Подан' };

describe('status labels', () => {
  it.each(Object.entries(SERVED) as [Language, string][])(
    'an ISSUED order reads "served" (%s), with the colour of served items',
    async (lang, label) => {
      await renderWithProviders(
        <>
          <OrderStatusBadge status="ISSUED" />
          <ItemStatusBadge status="SERVED" />
        </>,
        { lang },
      );
      const badge = document.querySelector('[data-status="ISSUED"]')!;
      expect(badge.textContent).toBe(label);
      const item = document.querySelector('[data-item-status="SERVED"]')!;
      // Both use the theme's ISSUED colour (teal), so "served" looks the same on orders and items.
      expect(badge.getAttribute('style')).toContain('teal');
      expect(item.getAttribute('style')).toContain('teal');
    },
  );
});
