import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

interface NumberSelectProps {
  label: ReactNode;
  description: ReactNode;
  data: { value: string; label: string }[];
  /** The form field's props (`form.getInputProps`): its value is a number, what the API takes. */
  field: GetInputPropsReturnType;
  error: ReactNode;
}

/** A select of a settings field kept as a number: the select's options are strings, the form's value is not. */
export function NumberSelect({ label, description, data, field, error }: NumberSelectProps) {
  return (
    <Select
      label={label}
      description={description}
      data={data}
      allowDeselect={false}
      maw={260}
      comboboxProps={{ withinPortal: true }}
      value={String(field.value)}
      onChange={(v) => v !== null && field.onChange(Number(v))}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
