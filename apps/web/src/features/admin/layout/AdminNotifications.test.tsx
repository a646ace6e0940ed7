import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AdminNotifications } from './AdminNotifications';

/** Makes `(max-width: …)` queries answer `phone`. */
function screenIs(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: phone && query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

async function toastPosition() {
  await renderWithProviders(<AdminNotifications />);
  act(() => {
    notifications.show({ message: 'Saved' });
  });
  const toast = await screen.findByText('Saved');
  return toast.closest('[data-position]')?.getAttribute('data-position');
}

afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe('admin toasts', () => {
  it('appear at the bottom right on a desktop, away from the header controls', async () => {
    screenIs(false);
    expect(await toastPosition()).toBe('bottom-right');
  });

  it('appear along the bottom on a phone', async () => {
    screenIs(true);
    expect(await toastPosition()).toBe('bottom-center');
  });
});
