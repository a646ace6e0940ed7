import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PickupBoard } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { ParamsProvider } from '../lib/router';
import { clearGuestQueriesForTests } from '../lib/query';
import { boardLanguage } from './board-language';
import { PickupBoardPage } from './PickupBoardPage';

const board: PickupBoard = { eateryName: 'Dolma House', defaultLanguage: 'az', preparing: [14, 16], ready: [12] };

/** The board of restaurant `id` at its address with `search` (GuestRoutes gives the page its parameters). */
async function showBoard(id: string, search = '') {
  await renderGuest(
    <ParamsProvider params={{ eateryId: id }}>
      <PickupBoardPage />
    </ParamsProvider>,
    { lang: 'en', path: `/client/eatery/${id}/pickup-board${search}` },
  );
}

describe('pickup board', () => {
  let requested: string[];
  beforeEach(() => {
    clearGuestQueriesForTests();
    requested = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        return url === '/api/client/eatery/1/pickup-board'
          ? jsonResponse(board)
          : jsonResponse({ messageKey: 'notYourResource', message: 'no' }, 404);
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the restaurant and its numbers in two columns, preparing and ready', async () => {
    await showBoard('1', '?lang=en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dolma House' })).toBeTruthy();
    const preparing = screen.getByTestId('board-preparing');
    const ready = screen.getByTestId('board-ready');
    expect(within(preparing).getByRole('heading').textContent).toBe('Preparing');
    expect(within(ready).getByRole('heading').textContent).toBe('Ready');
    expect(
      within(preparing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['14', '16']);
    expect(
      within(ready)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['12']);
    // Ready numbers are announced as they arrive.
    expect(within(ready).getByRole('list').getAttribute('aria-live')).toBe('polite');
    expect(requested).toEqual(['/api/client/eatery/1/pickup-board']);
  });

  it('speaks the restaurant’s guest language unless the address asks for another', async () => {
    await showBoard('1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Hazırdır' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Hazırlanır' })).toBeTruthy();
  });

  it('says when the restaurant does not exist', async () => {
    await showBoard('2', '?lang=en');
    expect(await screen.findByText('This pickup board does not exist.')).toBeTruthy();
  });
});

describe('boardLanguage', () => {
  it('takes ?lang= when it is ours, else the restaurant’s, else az', () => {
    expect(boardLanguage('?lang=ru', 'az')).toBe('ru');
    expect(boardLanguage('?lang=RU', 'az')).toBe('ru');
    expect(boardLanguage('?lang=de', 'en')).toBe('en');
    expect(boardLanguage('', undefined)).toBe('az');
  });
});
