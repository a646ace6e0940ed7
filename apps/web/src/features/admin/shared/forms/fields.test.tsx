import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '../test-utils';
import { DateField } from './DateField';
import { TimeField } from './TimeField';

/** A field with its value kept as a parent keeps it; every value handed out is recorded. */
function Harness({ kind, initial, seen }: { kind: 'time' | 'date'; initial: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  const onChange = (v: string) => {
    seen.push(v);
    setValue(v);
  };
  return (
    <>
      {kind === 'time' ? (
        <TimeField label="Opens" value={value} onChange={onChange} />
      ) : (
        <DateField label="Day" value={value} onChange={onChange} />
      )}
      <output data-testid="stored">{value}</output>
      <button type="button" onClick={() => setValue(kind === 'time' ? '07:15' : '2026-01-05')}>
        preset
      </button>
    </>
  );
}

const stored = () => screen.getByTestId('stored').textContent;

describe('time field', () => {
  it('shows a stored time on the 24-hour clock, in every language', async () => {
    for (const lang of ['az', 'en', 'ru'] as const) {
      const view = await renderAdmin(<Harness kind="time" initial="18:30" seen={[]} />, lang);
      expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('18:30');
      expect(screen.getByRole('textbox').getAttribute('type')).not.toBe('time');
      view.unmount();
    }
  });

  it('takes typed digits as HH:mm and writes them so when left', async () => {
    const seen: string[] = [];
    await renderAdmin(<Harness kind="time" initial="" seen={seen} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.type(input, '0930');
    expect(input.value).toBe('09:30');
    expect(stored()).toBe('09:30');
    await userEvent.clear(input);
    await userEvent.type(input, '930');
    expect(stored()).toBe('09:30');
    fireEvent.blur(input);
    expect(input.value).toBe('09:30');
    expect(seen.at(-1)).toBe('09:30');
  });

  it.each([
    ['en', 'Enter a time as hh:mm, from 00:00 to 23:59, e.g. 09:30'],
    ['ru', 'Введите время в виде чч:мм, от 00:00 до 23:59, например 09:30'],
    ['az', 'Vaxtı ss:dd şəklində yazın, 00:00-dan 23:59-dək, məsələn 09:30'],
  ] as const)('says when the text is no time (%s), and hands out no time', async (lang, message) => {
    await renderAdmin(<Harness kind="time" initial="12:00" seen={[]} />, lang);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '25:00');
    expect(stored()).toBe('25:00');
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Typing again clears the message until the field is left.
    await userEvent.clear(input);
    await userEvent.type(input, '2300');
    expect(screen.queryByText(message)).toBeNull();
    expect(stored()).toBe('23:00');
  });

  it('shows a value set from outside', async () => {
    await renderAdmin(<Harness kind="time" initial="09:00" seen={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'preset' }));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('07:15');
  });

  it("shows the caller's error first", async () => {
    await renderAdmin(<TimeField label="Opens" value="" onChange={() => {}} error="Required field" />);
    expect(screen.getByText('Required field')).toBeTruthy();
  });
});

describe('date field', () => {
  it.each(['az', 'ru', 'en'] as const)('shows a stored day as dd.mm.yyyy in %s', async (lang) => {
    await renderAdmin(<Harness kind="date" initial="2026-11-28" seen={[]} />, lang);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('28.11.2026');
  });

  it('stores what is typed as yyyy-mm-dd', async () => {
    const seen: string[] = [];
    await renderAdmin(<Harness kind="date" initial="" seen={seen} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.type(input, '28112026');
    expect(input.value).toBe('28.11.2026');
    expect(stored()).toBe('2026-11-28');
    await userEvent.clear(input);
    expect(stored()).toBe('');
    await userEvent.type(input, '8.3.26');
    expect(stored()).toBe('2026-03-08');
    fireEvent.blur(input);
    expect(input.value).toBe('08.03.2026');
  });

  it.each([
    ['en', 'Enter a date as dd.mm.yyyy, e.g. 28.11.2026'],
    ['ru', 'Введите дату в виде дд.мм.гггг, например 28.11.2026'],
    ['az', 'Tarixi gg.aa.iiii şəklində yazın, məsələn 28.11.2026'],
  ] as const)('refuses a day the calendar does not have (%s)', async (lang, message) => {
    await renderAdmin(<Harness kind="date" initial="2026-11-28" seen={[]} />, lang);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '31.02.2026');
    expect(stored()).toBe('31.02.2026');
    fireEvent.blur(input);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it.each([
    ['en', 'Choose 28.11.2026 or an earlier day'],
    ['az', '28.11.2026 və ya daha əvvəlki günü seçin'],
    ['ru', 'Выберите 28.11.2026 или более ранний день'],
  ] as const)('says when a day is after the last one allowed (%s)', async (lang, message) => {
    const onChange = vi.fn();
    await renderAdmin(<DateField label="Day" value="2026-11-20" max="2026-11-28" onChange={onChange} />, lang);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '29.11.2026');
    expect(screen.getByText(message)).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, '28.11.2026');
    expect(screen.queryByText(message)).toBeNull();
  });

  it('keeps a half-typed text when the parent keeps its day', async () => {
    const onChange = vi.fn();
    await renderAdmin(<DateField label="Day" value="2026-11-28" onChange={onChange} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '01.1');
    expect(input.value).toBe('01.1');
    expect(onChange).toHaveBeenLastCalledWith('01.1');
  });

  it("takes the day picked in the browser's calendar", async () => {
    const seen: string[] = [];
    const { container } = await renderAdmin(<Harness kind="date" initial="2026-11-28" seen={seen} />);
    const picker = container.querySelector('input[type="date"]') as HTMLInputElement;
    expect(picker.value).toBe('2026-11-28');
    expect(picker.tabIndex).toBe(-1);
    fireEvent.change(picker, { target: { value: '2026-12-01' } });
    expect(stored()).toBe('2026-12-01');
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('01.12.2026');
    // Without a browser calendar, the button puts the cursor in the field.
    await userEvent.click(screen.getByRole('button', { name: 'Choose the date in a calendar' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox'));
  });
});
