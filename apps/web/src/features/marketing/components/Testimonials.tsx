import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../marketing.module.css';

const QUOTES = ['t1', 't2'] as const;

/** Two testimonial quotes (figure + blockquote + figcaption). */
export function Testimonials() {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby="testimonials-title" gap="lg">
      <Title order={2} id="testimonials-title">
        {t('marketing.business.testimonials.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {QUOTES.map((q) => (
          <Paper component="figure" key={q} withBorder radius="lg" p="lg" className={classes.quote}>
            <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
              <IconQuote size={22} />
            </ThemeIcon>
            <Text component="blockquote" size="lg" mt="sm" mx={0} mb={0} style={{ fontStyle: 'italic' }}>
              {t(`marketing.business.testimonials.${q}.quote`)}
            </Text>
            <Text component="figcaption" mt="md">
              <Text span fw={700}>
                {t(`marketing.business.testimonials.${q}.author`)}
              </Text>
              {' — '}
              {t(`marketing.business.testimonials.${q}.role`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
