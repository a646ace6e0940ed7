import { Anchor, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MarketingPage } from './components/MarketingPage';
import { OwnerHero, OwnerSteps } from './components/OwnerPitch';
import { RegisterCard } from './components/RegisterCard';
import { Section } from './components/Section';
import classes from './marketing.module.css';

/** /landing and /landing/{az,en,ru}: what QR Menu is, the claims, registration, demo chat and login. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <MarketingPage prefix="marketing.landing">
      <OwnerHero
        prefix="marketing.landing"
        aside={<RegisterCard titleKey="marketing.register.title" textKey="marketing.register.subtitle" />}
      />
      <Section band>
        <OwnerSteps />
        <Group mt="xl">
          <Anchor component={Link} to="/business" c="dark.9" underline="always" fw={600} size="lg">
            {t('marketing.landing.businessLink')}
            <IconArrowRight size={18} aria-hidden className={classes.inlineIcon} />
          </Anchor>
        </Group>
      </Section>
    </MarketingPage>
  );
}
