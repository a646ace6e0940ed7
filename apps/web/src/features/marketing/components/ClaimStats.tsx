import { Paper, SimpleGrid, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '../marketing.module.css';

/** The four marketing claims, the same on every page and language (see the i18n `marketing.claims`). */
export const CLAIMS = ['trial', 'setup', 'check', 'speed'] as const;

export function ClaimStats() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="claims-title">
      <VisuallyHidden component="h2" id="claims-title">
        {t('marketing.claims.title')}
      </VisuallyHidden>
      <SimpleGrid component="ul" cols={{ base: 2, md: 4 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {CLAIMS.map((c) => (
          <Paper component="li" key={c} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-claim={c}>
            <Text className={classes.statValue}>{t(`marketing.claims.${c}.value`)}</Text>
            <Text size="sm" mt={4}>
              {t(`marketing.claims.${c}.label`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
