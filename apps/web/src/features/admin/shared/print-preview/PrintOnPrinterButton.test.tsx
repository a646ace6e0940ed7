import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import appRu from '../../../../i18n/ru.json';
import { jsonResponse, renderAdmin } from '../test-utils';
import { PrintOnPrinterButton } from './PrintOnPrinterButton';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PrintOnPrinterButton', () => {
  it('asks the server to print the day report and says it was sent', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const fetchSpy = vi.fn(async () => jsonResponse({ jobs: [] }, 201));
    vi.stubGlobal('fetch', fetchSpy);
    await renderAdmin(<PrintOnPrinterButton eateryId={7} request={{ what: 'DAY_REPORT', day: '2026-01-11' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print on printer' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith({ color: 'green', message: 'Sent to printer' }));
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/eatery/7/print');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ what: 'DAY_REPORT', day: '2026-01-11' });
  });

  it('says, translated, that no printer prints it', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    vi.stubGlobal('fetch', async () => jsonResponse({ messageKey: 'noPrinter', message: 'x' }, 409));
    await renderAdmin(<PrintOnPrinterButton eateryId={7} request={{ what: 'RECEIPT', orderIds: [12] }} />, 'ru');
    fireEvent.click(screen.getByRole('button', { name: 'Печать на принтере' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: appRu.errors.noPrinter })),
    );
  });
});
