import { useState, type ChangeEvent, type FocusEvent } from 'react';

export interface TypedValueRules {
  /** The stored value of a typed text, or null when the text is none. */
  parse: (text: string) => string | null;
  /** A value as the field shows it (a stored value formatted; anything else as it is). */
  show: (value: string) => string;
  /** The text after a key (characters kept, separators added). */
  typed: (previous: string, next: string) => string;
}

/**
 * The text of a field that stores one shape and shows another (a day stored 'yyyy-mm-dd', shown dd.mm.yyyy). Each
 * key hands `onChange` the stored value when the text is one, '' when the field is empty, else the text as typed:
 * a form's own rule then refuses it and nothing half typed is saved as something else. Leaving the field writes a
 * good text in its usual shape, or marks it wrong (`invalid`) until the next key.
 */
export function useTypedValue(
  value: string,
  onChange: (value: string) => void,
  onBlur: ((event: FocusEvent<HTMLInputElement>) => void) | undefined,
  rules: TypedValueRules,
) {
  const [text, setText] = useState(() => rules.show(value));
  const [invalid, setInvalid] = useState(false);
  const [previousValue, setPreviousValue] = useState(value);
  const [emitted, setEmitted] = useState<string | null>(null);

  // A new value from outside (a reset, a preset): the field shows it. The field's own value changes nothing (the
  // text stays as typed until the field is left), nor does a parent that keeps its value on a half-typed text.
  if (value !== previousValue) {
    setPreviousValue(value);
    if (value !== emitted) {
      setText(rules.show(value));
      setInvalid(false);
    }
  }

  const emit = (next: string) => {
    const stored = next.trim() === '' ? '' : (rules.parse(next) ?? next);
    setEmitted(stored);
    onChange(stored);
  };

  return {
    text,
    invalid,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = rules.typed(text, event.currentTarget.value);
      setText(next);
      setInvalid(false);
      emit(next);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const stored = rules.parse(text);
      if (stored !== null) setText(rules.show(stored));
      setInvalid(text.trim() !== '' && stored === null);
      onBlur?.(event);
    },
    /** Sets a stored value (the calendar's pick) as if typed. */
    set: (stored: string) => {
      setText(rules.show(stored));
      setInvalid(false);
      emit(stored);
    },
  };
}
