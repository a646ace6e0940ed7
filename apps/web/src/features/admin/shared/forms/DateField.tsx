import { useRef, type FocusEvent } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDayText, isDayValue, parseDayText, typedDate } from './time-date-text';
import { useTypedValue } from './use-typed-value';
import './texts';

export type DateFieldProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'onBlur' | 'type' | 'defaultValue' | 'min' | 'max' | 'rightSection'
> & {
  /** A day 'yyyy-mm-dd', '' or a half-typed text this field handed out. */
  value: string;
  /** 'yyyy-mm-dd' when the text is a real date, '' when empty, else the text as typed (which is no day). */
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** The first and last day ('yyyy-mm-dd'): the calendar offers no other, a typed day outside is marked wrong. */
  min?: string;
  max?: string;
};

const rules = { parse: parseDayText, show: formatDayText, typed: typedDate };

/** The browser's own date picker, where it has one (it may throw: no user gesture, a cross-origin frame). */
function openPicker(input: HTMLInputElement | null): boolean {
  if (!input || typeof input.showPicker !== 'function') return false;
  try {
    input.showPicker();
    return true;
  } catch {
    return false;
  }
}

/**
 * A day shown as dd.mm.yyyy in every language ("28.11.2026"), whatever the computer's locale: the browser's own date
 * input writes "11/28/2026" on an English system. Typed ("28112026", "28.11.26") or picked from the browser's
 * calendar behind the button; the value stays 'yyyy-mm-dd'. A text that is no date says so when the field is left.
 */
export function DateField({ value, onChange, onBlur, error, min, max, disabled, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const field = useTypedValue(value, onChange, onBlur, rules);
  const picker = useRef<HTMLInputElement>(null);
  const text = useRef<HTMLInputElement>(null);
  // A whole day outside the range says so at once (the caller still gets it, to keep or refuse). A bound that is no
  // day (the other field of a range half typed) bounds nothing.
  const first = min && isDayValue(min) ? min : undefined;
  const last = max && isDayValue(max) ? max : undefined;
  const typedDay = parseDayText(field.text);
  const rangeError =
    typedDay && last && typedDay > last
      ? t('adminForms.date.tooLate', { day: formatDayText(last) })
      : typedDay && first && typedDay < first
        ? t('adminForms.date.tooEarly', { day: formatDayText(first) })
        : undefined;
  return (
    <TextInput
      ref={text}
      placeholder={t('adminForms.date.placeholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      disabled={disabled}
      {...props}
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error || (field.invalid ? t('adminForms.date.invalid') : rangeError)}
      data-date-field
      rightSectionPointerEvents="all"
      rightSection={
        <>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            disabled={disabled}
            aria-label={t('adminForms.date.openCalendar')}
            onClick={() => {
              if (!openPicker(picker.current)) text.current?.focus();
            }}
          >
            <IconCalendar size={18} aria-hidden />
          </ActionIcon>
          {/* The browser's calendar only: hidden, out of the tab order, its value mirrors the field's day. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            min={first}
            max={last}
            value={isDayValue(value) ? value : ''}
            onChange={(e) => isDayValue(e.currentTarget.value) && field.set(e.currentTarget.value)}
            style={{
              position: 'absolute',
              right: 0,
              bottom: 0,
              width: 1,
              height: 1,
              opacity: 0,
              pointerEvents: 'none',
            }}
          />
        </>
      }
    />
  );
}
