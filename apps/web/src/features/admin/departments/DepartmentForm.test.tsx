import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import './index';
import { DepartmentForm } from './DepartmentForm';

afterEach(() => vi.restoreAllMocks());

describe('department form', () => {
  it.each([
    ['en', 'Save', 'Name is required'],
    ['ru', 'Сохранить', 'Название обязательно'],
  ] as const)('needs a name that is not blank, in %s', async (lang, save, text) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderAdmin(<DepartmentForm eateryId={7} department={null} onClose={() => {}} />, lang);
    await userEvent.type(screen.getByRole('textbox'), '   ');
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and shows a duplicate under the field', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ messageKey: 'departmentExists', message: 'x' }, 409));
    await renderAdmin(<DepartmentForm eateryId={7} department={null} onClose={() => {}} />, 'en');
    await userEvent.type(screen.getByRole('textbox'), '  Grill ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A department with this name already exists.')).toBeTruthy();
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/eatery/7/kitchen-department');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Grill', restaurantId: 7 });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('department form and unsaved changes', () => {
  const renderForm = (onClose: () => void, lang: 'en' | 'az' = 'en') =>
    renderAdmin(
      <ModalsProvider>
        <DepartmentForm
          eateryId={7}
          department={{ id: 2, name: 'Grill', eateryId: 7, restaurantId: 7 }}
          onClose={onClose}
        />
      </ModalsProvider>,
      lang,
    );

  it('closes at once when nothing changed', async () => {
    const onClose = vi.fn();
    await renderForm(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('asks before a changed name is lost, in Azerbaijani', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onClose = vi.fn();
    await renderForm(onClose, 'az');
    await userEvent.type(screen.getByRole('textbox'), ' bar');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(await screen.findByText('Yadda saxlanmamış dəyişikliklər atılsın?')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Dəyişiklikləri at' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
