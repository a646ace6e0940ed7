import { createTheme } from '@mantine/core';

/** The one place for colours and shapes (UI.md: no ad-hoc colours in components). */
export const theme = createTheme({
  primaryColor: 'orange',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, sans-serif',
  headings: { fontWeight: '700' },
  other: {
    statusColors: {
      ACTIVE: 'green',
      INACTIVE: 'red',
      BUSY: 'orange',
      EMPTY: 'gray',
      RESERVED: 'grape',
      CREATED: 'red',
      PROCESSING: 'yellow',
      PREPARING: 'yellow',
      READY: 'green',
      ISSUED: 'teal',
      PAID: 'gray',
      CANCELLED: 'dark',
    },
    /** Guest pages (UI.md: warm, appetising; white cards on a light background). */
    guest: {
      pageBackground: 'var(--mantine-color-orange-0)',
      photoPlaceholder: 'linear-gradient(135deg, var(--mantine-color-orange-1), var(--mantine-color-yellow-1))',
      headerBackground: 'var(--mantine-color-white)',
      statusColors: {
        CREATED: 'orange',
        PROCESSING: 'yellow',
        PREPARING: 'yellow',
        READY: 'green',
        ISSUED: 'teal',
        PAID: 'gray',
        CANCELLED: 'red',
      },
    },
  },
});
