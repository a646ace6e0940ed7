import { createTheme } from '@mantine/core';

/** The one place for colours and shapes: components use the theme's colours, never ad-hoc ones. */
export const theme = createTheme({
  // A warm orange dark enough for white text: shade 6 (#c2410c) on white is 5.2:1 (WCAG AA), where
  // Mantine's orange.8 is only 3.6:1.
  colors: {
    brand: [
      '#fff7ed',
      '#ffedd5',
      '#fed7aa',
      '#fdba74',
      '#fb923c',
      '#f97316',
      '#c2410c',
      '#b13a0b',
      '#9a3412',
      '#7c2d12',
    ],
  },
  primaryColor: 'brand',
  // Filled buttons and badges pick black or white text by the luminance of their colour. 0.179 is where both
  // reach 4.58:1 (WCAG AA), so white never sits on yellow or green (1.9–2.4:1) and black never on dark red.
  autoContrast: true,
  luminanceThreshold: 0.179,
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Ubuntu, sans-serif',
  headings: { fontWeight: '700' },
  // Every admin card (orders, tables, users, restaurants, dishes) has the same frame; cards override what differs.
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', padding: 'md' } },
  },
  other: {
    statusColors: {
      ACTIVE: 'green',
      INACTIVE: 'red',
      BUSY: 'orange',
      EMPTY: 'gray',
      RESERVED: 'grape',
      NEEDS_CONFIRMATION: 'violet',
      CREATED: 'red',
      PROCESSING: 'yellow',
      PREPARING: 'yellow',
      READY: 'green',
      ISSUED: 'teal',
      PAID: 'gray',
      CANCELLED: 'dark',
    },
  },
});
