import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconChefHat,
  IconLanguage,
  IconPencil,
  IconTrendingUp,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const BENEFITS: [string, Icon][] = [
  ['check', IconTrendingUp],
  ['speed', IconBolt],
  ['languages', IconLanguage],
  ['live', IconChefHat],
  ['roles', IconUsers],
  ['changes', IconPencil],
];

/** The business page's benefit sections: an h2 and one card (h3 + text) per benefit. */
export function Benefits() {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby="benefits-title" gap="lg">
      <Title order={2} id="benefits-title">
        {t('marketing.business.benefits.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {BENEFITS.map(([key, BenefitIcon]) => (
          <Paper key={key} withBorder radius="md" p="lg" component="article" aria-labelledby={`benefit-${key}`}>
            <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
              <BenefitIcon size={26} />
            </ThemeIcon>
            <Title order={3} size="h4" mt="md" id={`benefit-${key}`}>
              {t(`marketing.business.benefits.${key}.title`)}
            </Title>
            <Text mt={6}>{t(`marketing.business.benefits.${key}.text`)}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
