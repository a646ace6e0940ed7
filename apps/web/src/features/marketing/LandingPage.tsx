import { Anchor, Box, Container, Group } from '@mantine/core';
import { IconArrowRight, IconPrinter, IconToolsKitchen2, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChatButton } from './components/ChatButton';
import { ClaimStats } from './components/ClaimStats';
import { ACTION, Hero, RegisterJumpButton } from './components/Hero';
import { MarketingLayout } from './components/MarketingLayout';
import { RegisterCard } from './components/RegisterCard';
import { Steps } from './components/Steps';
import { useLanguageRoute, usePageMeta } from './lib/use-page';
import classes from './marketing.module.css';

/** /landing and /landing/{az,en,ru}: what QR Menu is, the claims, registration, demo chat and login. */
export function LandingPage() {
  const { t } = useTranslation();
  const toBare = useLanguageRoute();
  usePageMeta('marketing.landing.meta.title', 'marketing.landing.meta.description');
  return (
    <MarketingLayout onLanguageChange={toBare}>
      <Hero
        prefix="marketing.landing"
        actions={
          <>
            <RegisterJumpButton labelKey="marketing.cta.start" />
            <ChatButton labelKey="marketing.cta.demo" messageKey="marketing.chat.demoText" size="lg" {...ACTION} />
          </>
        }
        aside={<RegisterCard titleKey="marketing.register.title" textKey="marketing.register.subtitle" />}
        below={<ClaimStats />}
      />
      <Box className={classes.band}>
        <Container size="lg" py={{ base: 'xl', md: 56 }}>
          <Steps prefix="marketing.steps" id="steps-title" icons={[IconUserPlus, IconToolsKitchen2, IconPrinter]} />
          <Group mt="xl">
            <Anchor component={Link} to="/business" c="dark.9" underline="always" fw={600} size="lg">
              {t('marketing.landing.businessLink')}
              <IconArrowRight size={18} aria-hidden className={classes.inlineIcon} />
            </Anchor>
          </Group>
        </Container>
      </Box>
    </MarketingLayout>
  );
}
