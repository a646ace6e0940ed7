import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Numbered steps: a section with an h2 and one card (h3 + text) per step. */
export function Steps({ prefix, icons, id }: { prefix: string; icons: Icon[]; id: string }) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby={id} gap="lg">
      <Title order={2} id={id}>
        {t(`${prefix}.title`)}
      </Title>
      <SimpleGrid
        component="ol"
        cols={{ base: 1, sm: icons.length }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {icons.map((StepIcon, i) => (
          <Paper component="li" key={i} withBorder radius="md" p="lg">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
              <StepIcon size={26} />
            </ThemeIcon>
            <Title order={3} size="h4" mt="md">
              {i + 1}. {t(`${prefix}.s${i + 1}.title`)}
            </Title>
            <Text mt={6}>{t(`${prefix}.s${i + 1}.text`)}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
