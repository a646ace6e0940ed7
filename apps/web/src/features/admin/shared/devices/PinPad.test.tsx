import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { PinPad } from './PinPad';
import './translations';

const press = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));
const signIn = () => screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
const count = () => screen.getByTestId('pin-count').textContent;

describe('PinPad', () => {
  it('takes 4 to 6 digits by touch, masked, sends them once and is empty again', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<PinPad onSubmit={onSubmit} />);
    for (const d of ['1', '9', '0']) press(d);
    expect(count()).toBe('3 digits entered');
    // Fewer than 4 digits cannot be sent; the digits never show as text.
    expect(signIn().disabled).toBe(true);
    expect(document.body.textContent).not.toContain('190');
    press('4');
    for (const d of ['5', '6', '7']) press(d);
    expect(count()).toBe('6 digits entered');
    press('Delete the last digit');
    press('Sign in');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('19045');
    expect(count()).toBe('0 digits entered');
    press('1');
    press('Clear');
    expect(count()).toBe('0 digits entered');
  });

  it('takes keyboard digits: Backspace deletes, Escape clears, Enter sends', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<PinPad onSubmit={onSubmit} />);
    for (const key of ['2', '4', 'a', '6', '8', '0', 'Backspace']) fireEvent.keyDown(window, { key });
    expect(count()).toBe('4 digits entered');
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('2468');
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(count()).toBe('0 digits entered');
  });

  it('leaves the keyboard alone while inactive, and sends nothing while busy', async () => {
    const onSubmit = vi.fn();
    await renderWithProviders(<PinPad onSubmit={onSubmit} active={false} busy />);
    fireEvent.keyDown(window, { key: '1' });
    expect(count()).toBe('0 digits entered');
    press('1');
    expect(count()).toBe('0 digits entered');
  });

  it('shows the error it is given, in the chosen language', async () => {
    await renderWithProviders(<PinPad onSubmit={vi.fn()} error="Bu PIN kodu yanlışdır." />, { lang: 'az' });
    expect(screen.getByRole('alert').textContent).toBe('Bu PIN kodu yanlışdır.');
    expect((screen.getByRole('button', { name: 'Daxil ol' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
