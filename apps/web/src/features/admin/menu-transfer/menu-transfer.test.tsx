import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_TRANSFER_E, type MenuImportReport, type MenuImportRow } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import './index';
import { ImportReportView } from './ImportReportView';
import { MenuImportPage } from './MenuImportPage';

const names = (en: string, az = '', ru = '') => ({ az, en, ru });

const row = (over: Partial<MenuImportRow>): MenuImportRow => ({
  row: 2,
  category: names('Soups'),
  newCategory: false,
  name: names('Borsch'),
  priceCents: 650,
  department: null,
  tags: [],
  available: null,
  photo: null,
  action: 'new',
  errors: [],
  ...over,
});

const report = (over: Partial<MenuImportReport> = {}): MenuImportReport => ({
  ok: true,
  imported: false,
  format: 'xlsx',
  fileErrors: [],
  rows: [row({})],
  categories: { new: 0, existing: 1 },
  dishes: { new: 1, updated: 0, unchanged: 0 },
  departments: { new: 0 },
  rowsWithErrors: 0,
  ...over,
});

/** Two rows of four with problems: a price on row 3, a tag and a photo on row 5. */
const twoBadRows = () =>
  report({
    ok: false,
    rows: [
      row({
        row: 2,
        name: names('Caesar', 'Sezar', 'Цезарь'),
        category: names('Salads', 'Salatlar', 'Салаты'),
        newCategory: true,
      }),
      row({
        row: 3,
        name: names('Greek'),
        priceCents: null,
        action: 'none',
        errors: [{ column: 'price', key: 'validation.price' }],
      }),
      row({ row: 4, name: names('Borsch'), action: 'update' }),
      row({
        row: 5,
        name: names('Lentil'),
        action: 'none',
        errors: [
          { column: 'tags', key: MENU_TRANSFER_E.tagUnknown, params: { tag: 'keto' } },
          { column: 'photo', key: MENU_TRANSFER_E.photoMissing, params: { photo: 'lentil.jpg' } },
        ],
      }),
    ],
    categories: { new: 1, existing: 1 },
    dishes: { new: 1, updated: 1, unchanged: 0 },
    rowsWithErrors: 2,
  });

const flatten = (obj: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('import report', () => {
  it('has a text in every language for every problem the server reports', () => {
    for (const bundle of [az, en, ru]) {
      const keys = new Set(flatten(bundle));
      for (const key of Object.values(MENU_TRANSFER_E)) expect(keys.has(key), key).toBe(true);
    }
  });

  it('shows only the rows with problems at first, each problem naming its column, highlighted', async () => {
    await renderAdmin(<ImportReportView report={twoBadRows()} />);
    const rows = screen.getAllByTestId('import-row');
    expect(rows.map((r) => r.getAttribute('data-row'))).toEqual(['3', '5']);
    expect(rows.every((r) => r.hasAttribute('data-error'))).toBe(true);
    expect(within(rows[0]).getByText('Price (price): Please enter a valid price')).toBeTruthy();
    expect(within(rows[1]).getByText('Tags (tags): “keto” is not one of the tags.')).toBeTruthy();
    expect(within(rows[1]).getByText('Photo (photo): The photo lentil.jpg is not in the ZIP.')).toBeTruthy();
    expect(within(rows[1]).getByText('Not imported')).toBeTruthy();
    expect(screen.getByTestId('import-summary').textContent).toContain('Rows with problems: 2');
    expect(screen.getByTestId('import-summary').textContent).toContain('New categories: 1');

    // All rows: the good ones are not highlighted.
    fireEvent.click(screen.getByRole('switch', { name: 'Only rows with problems' }));
    const all = screen.getAllByTestId('import-row');
    expect(all.map((r) => [r.getAttribute('data-row'), r.hasAttribute('data-error')])).toEqual([
      ['2', false],
      ['3', true],
      ['4', false],
      ['5', true],
    ]);
    expect(within(all[0]).getByText('new')).toBeTruthy();
    expect(within(all[0]).getByText('6.50')).toBeTruthy();
  });

  it('speaks the admin’s language: names, problems and columns in Russian', async () => {
    await renderAdmin(<ImportReportView report={twoBadRows()} />, 'ru');
    const rows = screen.getAllByTestId('import-row');
    expect(within(rows[0]).getByText(/^Цена \(price\): /)).toBeTruthy();
    expect(within(rows[1]).getByText('Метки (tags): «keto» — не одна из меток.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Только строки с ошибками' }));
    expect(within(screen.getAllByTestId('import-row')[0]).getByText('Цезарь')).toBeTruthy();
  });

  it('lists problems of the whole file', async () => {
    const fileProblem = report({
      ok: false,
      rows: [],
      fileErrors: [{ column: null, key: MENU_TRANSFER_E.missingColumns, params: { columns: 'price' } }],
    });
    await renderAdmin(<ImportReportView report={fileProblem} />, 'az');
    expect(screen.getByTestId('file-problems').textContent).toBe('Başlıq sətrində olmayan sütunlar: price.');
    expect(screen.queryByTestId('import-row')).toBeNull();
  });
});

describe('menu import page', () => {
  let previewAnswer: () => Response;
  let importAnswer: () => Response;
  let fetchSpy: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    previewAnswer = () => jsonResponse(twoBadRows());
    importAnswer = () => jsonResponse({ ...report(), imported: true });
    fetchSpy = vi.fn(async (url: string) => {
      if (url === '/api/eatery') {
        return jsonResponse([
          { id: 7, name: 'Şirvan', roles: ['EATERY_ADMIN'], language: 'az', timeZone: 'Asia/Baku' },
        ]);
      }
      if (url === '/api/eatery/7/menu-transfer/preview') return previewAnswer();
      if (url === '/api/eatery/7/menu-transfer/import') return importAnswer();
      return jsonResponse({ messageKey: 'notFound', message: 'x' }, 404);
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The page, with the restaurant in the query as the other restaurant screens read it. */
  const renderPage = () => renderWithProviders(<MenuImportPage />, { path: '/admin/menu/import?restaurantId=7' });

  const chooseSheet = async () => {
    const input = await screen.findByTestId('import-file-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'menu.xlsx')] } });
  };

  it('checks the file, shows the problems, and keeps Import off until the file is right', async () => {
    await renderPage();
    const importButton = await screen.findByRole('button', { name: 'Import' });
    expect(importButton.hasAttribute('disabled')).toBe(true);
    await chooseSheet();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Fix the problems in the file, then check it again.')).toBeTruthy();
    expect(screen.getAllByTestId('import-row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
    const sent = fetchSpy.mock.calls.find(([url]) => url === '/api/eatery/7/menu-transfer/preview')!;
    expect((sent[1] as RequestInit).body).toBeInstanceOf(FormData);
    expect(((sent[1] as RequestInit).body as FormData).get('file')).toBeInstanceOf(File);

    // The file fixed: the check is clean, Import goes, and the page says so with a way back to the menu.
    previewAnswer = () => jsonResponse(report());
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('No problems found: the file is ready to import.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The menu is imported')).toBeTruthy();
    expect(screen.getByText('New dishes: 1, updated: 0, new categories: 0.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the menu' }).getAttribute('href')).toBe('/admin/menu');
  });

  it('an import refused because the menu changed meanwhile checks the file again', async () => {
    previewAnswer = () => jsonResponse(report());
    await renderPage();
    await chooseSheet();
    fireEvent.click(await screen.findByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(false));
    importAnswer = () => jsonResponse({ ...twoBadRows(), messageKey: 'validation', message: 'x' }, 422);
    previewAnswer = () => jsonResponse(twoBadRows());
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The menu changed since the check. Here is the file checked again.')).toBeTruthy();
    expect(await screen.findAllByTestId('import-row')).toHaveLength(2);
  });

  it('tells other roles that the page is for admins', async () => {
    fetchSpy.mockImplementation(async (url: string) =>
      url === '/api/eatery'
        ? jsonResponse([{ id: 7, name: 'Şirvan', roles: ['WAITER'], language: 'az', timeZone: 'Asia/Baku' }])
        : jsonResponse({ messageKey: 'notFound', message: 'x' }, 404),
    );
    await renderPage();
    expect(await screen.findByText("Only the restaurant's admins can import or export its menu.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
  });
});
