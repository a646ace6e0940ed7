import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test-utils';
import { makeCall } from './call-fixture';
import { CallsAlert } from './CallsAlert';
import { stubFetch } from './fetch-router';

afterEach(() => vi.restoreAllMocks());

describe('CallsAlert', () => {
  it('lists the open calls with what they ask for, and acknowledges one with one tap', async () => {
    const api = stubFetch({
      'GET /api/eatery/3/calls': [
        makeCall(1, { tableNumber: '4' }),
        makeCall(2, { tableNumber: '6', kind: 'BILL', paymentMethod: 'CARD' }),
        makeCall(3, { tableNumber: '8', status: 'ACKNOWLEDGED' }),
      ],
      'POST /api/eatery/3/calls/1/acknowledge': makeCall(1, { tableNumber: '4', status: 'ACKNOWLEDGED' }),
    });
    await renderAdmin(<CallsAlert eateryId={3} listen={false} />);
    expect(await screen.findByText('Table 4')).toBeTruthy();
    expect(screen.getByText(/calls the waiter/)).toBeTruthy();
    expect(screen.getByText(/asks for the bill — card/)).toBeTruthy();
    // Acknowledged calls are not on the alert.
    expect(screen.queryByText('Table 8')).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: 'On my way' })[0]);
    await waitFor(() => expect(screen.queryByText('Table 4')).toBeNull());
    expect(api.requests('POST').map((c) => c.url)).toEqual(['/api/eatery/3/calls/1/acknowledge']);
    expect(screen.getByText('Table 6')).toBeTruthy();
  });

  it('renders nothing once no call is open', async () => {
    stubFetch({
      'GET /api/eatery/3/calls': [makeCall(1, { tableNumber: '5' }), makeCall(2, { status: 'ACKNOWLEDGED' })],
      'POST /api/eatery/3/calls/1/acknowledge': makeCall(1, { tableNumber: '5', status: 'ACKNOWLEDGED' }),
    });
    await renderAdmin(<CallsAlert eateryId={3} listen={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'On my way' }));
    await waitFor(() => expect(screen.queryByText(/Table/)).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('speaks Azerbaijani and Russian', async () => {
    stubFetch({ 'GET /api/eatery/3/calls': [makeCall(2, { tableNumber: '6', kind: 'BILL', paymentMethod: 'CASH' })] });
    await renderAdmin(<CallsAlert eateryId={3} listen={false} />, 'ru');
    expect(await screen.findByText('Стол 6')).toBeTruthy();
    expect(screen.getByText(/просит счёт — наличные/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Иду' })).toBeTruthy();
  });
});
