import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, CommonCategory } from '@qr-menu/contract';
import { checkImageFile, checkUploadSize, imageChange, toWebp } from '../ImagePicker';
import { categoryFormErrors, CategoryForm } from './CategoryForm';
import { jsonResponse, renderAdmin } from '../test-utils';

afterEach(() => vi.restoreAllMocks());

const common: CommonCategory[] = [
  { categoryId: 1, key: 'salads', nameAz: 'Salatlar', nameEn: 'Salads', nameRu: 'Салаты', image: null, dishCount: 5 },
  { categoryId: 2, key: 'soups', nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы', image: null, dishCount: 5 },
];

const category = (over: Partial<Category> = {}): Category => ({
  id: 9,
  categoryId: 9,
  eateryId: 7,
  nameAz: '',
  nameEn: 'Salads',
  nameRu: '',
  image: null,
  imageId: null,
  position: 0,
  dishes: 0,
  dishCount: 0,
  availableHours: null,
  ...over,
});

describe('category form validation', () => {
  it('maps the contract rule to one message for the three names', () => {
    expect(categoryFormErrors({ nameAz: ' ', nameEn: '', nameRu: '' })).toEqual({
      names: 'validation.categoryNameRequired',
    });
    expect(categoryFormErrors({ nameAz: '', nameEn: '', nameRu: 'Супы' })).toEqual({});
  });

  it('asks for at least one language name, in English, and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderAdmin(<CategoryForm eateryId={7} category={null} existing={[]} onClose={() => {}} />, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill at least one language name')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    // Filling any one language clears the message.
    await userEvent.type(screen.getByLabelText(/Name in Russian/), 'Супы');
    await waitFor(() => expect(screen.queryByText('Please fill at least one language name')).toBeNull());
  });

  it('asks for at least one language name, in Azerbaijani', async () => {
    await renderAdmin(<CategoryForm eateryId={7} category={null} existing={[]} onClose={() => {}} />, 'az');
    fireEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Ən azı bir dildə ad daxil edin')).toBeTruthy();
  });

  it('edit shows only the manual form', async () => {
    await renderAdmin(<CategoryForm eateryId={7} category={category()} existing={[]} onClose={() => {}} />, 'en');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByLabelText(/Name in English/)).toHaveProperty('value', 'Salads');
  });

  it('the ready-made tab needs a choice, in Russian, then sends the chosen ones at once', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url) === '/api/category/common' ? jsonResponse(common) : jsonResponse([category({ id: 20 })], 201),
      );
    const onClose = vi.fn();
    await renderAdmin(
      <CategoryForm eateryId={7} category={null} existing={[]} initialTab="predefined" onClose={onClose} />,
      'ru',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить выбранные (0)' }));
    expect(await screen.findByText('Выберите хотя бы одну категорию')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Супы/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Добавить выбранные (1)' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[1];
    expect(url).toBe('/api/eatery/7/category/predefined');
    expect(JSON.parse(String(init?.body))).toEqual([
      { categoryId: 2, nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы', image: null, eateryId: 7 },
    ]);
  });

  it('sends multipart data and shows the server field message translated', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        jsonResponse(
          { messageKey: 'validation', message: 'x', details: [{ field: 'nameEn', messageKey: 'validation.tooLong' }] },
          400,
        ),
      );
    await renderAdmin(<CategoryForm eateryId={7} category={null} existing={[]} onClose={() => {}} />, 'en');
    await userEvent.type(screen.getByLabelText(/Name in English/), ' Soups ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/eatery/7/category');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(String(body.get('data')))).toEqual({
      nameAz: '',
      nameEn: 'Soups',
      nameRu: '',
      availableHours: null,
      eateryId: 7,
    });
    expect(body.get('image')).toBeNull();
  });
});

describe('image picker limit (3145728 bytes)', () => {
  const file = (size: number, type = 'image/png') => new File([new Uint8Array(size)], 'a.png', { type });

  it('takes phone-sized photos to convert, refuses non-images and files above 40 MB', () => {
    const big = (size: number) => ({ size, type: 'image/jpeg' }) as File; // no 40 MB buffer needed
    expect(checkImageFile(file(12_000_000, 'image/jpeg'))).toBeNull();
    expect(checkImageFile(big(41_943_040))).toBeNull();
    expect(checkImageFile(big(41_943_041))).toBe('imagePicker.tooLargeToPrepare');
    expect(checkImageFile(file(10, 'application/pdf'))).toBe('imagePicker.notImage');
  });

  it('refuses to upload a converted file above 3 MB', () => {
    expect(checkUploadSize(file(3_145_728, 'image/webp'))).toBeNull();
    expect(checkUploadSize(file(3_145_729, 'image/webp'))).toBe('imagePicker.tooLarge');
  });

  it.each([
    ['en', 'Image size exceeds 3 MB limit. Please select a smaller image.'],
    ['ru', 'Размер изображения превышает 3 МБ. Выберите изображение меньшего размера.'],
  ] as const)('says so in %s under the field', async (lang, text) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderAdmin(<CategoryForm eateryId={7} category={null} existing={[]} onClose={() => {}} />, lang);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, file(3_145_729));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps webp files and falls back to the original when the browser cannot convert', async () => {
    const webp = file(100, 'image/webp');
    expect(await toWebp(webp)).toBe(webp);
    const png = file(100, 'image/png'); // jsdom cannot decode images: the original is used
    expect(await toWebp(png)).toBe(png);
  });

  it('removes the stored image only when it was there and the user removed it', () => {
    const picked = file(10);
    expect(imageChange('/api/image/1.webp', { file: null, url: null })).toEqual({ file: null, remove: true });
    expect(imageChange('/api/image/1.webp', { file: null, url: '/api/image/1.webp' })).toEqual({
      file: null,
      remove: false,
    });
    expect(imageChange(null, { file: null, url: null })).toEqual({ file: null, remove: false });
    expect(imageChange('/api/image/1.webp', { file: picked, url: null })).toEqual({ file: picked, remove: false });
  });
});
