import type { ReactNode } from 'react';
import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../marketing.module.css';

/**
 * Hero actions: at least 52 px high, full width on phones, and the label wraps instead of being cut off
 * (Azerbaijani and Russian labels are long).
 */
export const ACTION = {
  h: 'auto',
  mih: 52,
  py: 8,
  w: { base: '100%', xs: 'auto' },
  styles: {
    root: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center' },
    label: { whiteSpace: 'normal', textAlign: 'center' },
  },
} as const;

/**
 * Props of a filled orange call to action. White on the theme's orange passes WCAG AA only as large text
 * (>= 18.66 px bold: 3:1), so these buttons are always 20 px bold.
 */
export const PRIMARY = { size: 'lg', fz: 20, fw: 700, ...ACTION } as const;

/** Scrolls to the registration form and puts the keyboard in its first field. */
export function RegisterJumpButton({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return (
    <Button
      {...PRIMARY}
      component="a"
      href="#register"
      rightSection={<IconArrowDown size={20} aria-hidden />}
      onClick={(e: React.MouseEvent) => {
        const target = document.getElementById('register');
        if (!target) return;
        e.preventDefault();
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
        target.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
      }}
    >
      {t(labelKey)}
    </Button>
  );
}

/** Eyebrow, the page's only h1, the lead paragraph and the actions; `aside` goes right on wide screens. */
export function Hero({
  prefix,
  actions,
  aside,
  below,
}: {
  prefix: string;
  actions: ReactNode;
  aside?: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation();
  const text = (
    <Stack gap="lg" justify="center">
      <Text className={classes.eyebrow}>{t(`${prefix}.eyebrow`)}</Text>
      <Title order={1} className={classes.h1}>
        {t(`${prefix}.title`)}
      </Title>
      <Text size="lg">{t(`${prefix}.lead`)}</Text>
      <Group gap="sm">{actions}</Group>
    </Stack>
  );
  return (
    <Box className={classes.hero}>
      <Container size="lg" pt={{ base: 'xl', md: 56 }} pb={{ base: 'xl', md: 56 }}>
        {aside ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 48 }}>
            {text}
            {aside}
          </SimpleGrid>
        ) : (
          <Box maw={760}>{text}</Box>
        )}
        {below && <Box mt={{ base: 'xl', md: 48 }}>{below}</Box>}
      </Container>
    </Box>
  );
}
