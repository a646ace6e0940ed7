import type { FocusEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { parseTimeText, typedTime } from './time-date-text';
import { useTypedValue } from './use-typed-value';
import './texts';

export type TimeFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'type' | 'defaultValue'> & {
  /** 'HH:mm' (24-hour), '' or a half-typed text this field handed out. */
  value: string;
  /** 'HH:mm' when the text is a time, '' when empty, else the text as typed (which no time rule accepts). */
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
};

const rules = { parse: parseTimeText, show: (value: string) => value, typed: typedTime };

/**
 * A time of day, always on the 24-hour clock ("18:30"), whatever the computer's locale: the browser's own time input
 * shows "06:30 PM" on an English system and cuts it in a narrow field. Typed as digits ("1830", "9" → "09:00");
 * a text that is no time says so when the field is left. Spreads a Mantine form's `getInputProps`.
 */
export function TimeField({ value, onChange, onBlur, error, ...props }: TimeFieldProps) {
  const { t } = useTranslation();
  const field = useTypedValue(value, onChange, onBlur, rules);
  return (
    <TextInput
      placeholder={t('adminForms.time.placeholder')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      {...props}
      value={field.text}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error || (field.invalid ? t('adminForms.time.invalid') : undefined)}
      data-time-field
    />
  );
}
