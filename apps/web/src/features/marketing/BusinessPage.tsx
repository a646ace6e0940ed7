import { Box, Container, Stack } from '@mantine/core';
import { IconPrinter, IconToolsKitchen2, IconUserPlus } from '@tabler/icons-react';
import { Benefits } from './components/Benefits';
import { ChatButton } from './components/ChatButton';
import { ClaimStats } from './components/ClaimStats';
import { DemoVideo } from './components/DemoVideo';
import { ACTION, Hero, RegisterJumpButton } from './components/Hero';
import { HeroArt } from './components/HeroArt';
import { MarketingLayout } from './components/MarketingLayout';
import { RegisterCard } from './components/RegisterCard';
import { Steps } from './components/Steps';
import { Testimonials } from './components/Testimonials';
import { useLanguageRoute, usePageMeta } from './lib/use-page';
import classes from './marketing.module.css';

/** /business and /business/{az,en,ru}: benefits, steps, the demo video, two quotes and registration. */
export function BusinessPage() {
  const toBare = useLanguageRoute();
  usePageMeta('marketing.business.meta.title', 'marketing.business.meta.description');
  return (
    <MarketingLayout onLanguageChange={toBare}>
      <Hero
        prefix="marketing.business"
        actions={
          <>
            <RegisterJumpButton labelKey="marketing.cta.start" />
            <ChatButton labelKey="marketing.cta.demo" messageKey="marketing.chat.demoText" size="lg" {...ACTION} />
          </>
        }
        aside={<HeroArt />}
        below={<ClaimStats />}
      />
      <Container size="lg" py={{ base: 'xl', md: 56 }}>
        <Benefits />
      </Container>
      <Box className={classes.band}>
        <Container size="lg" py={{ base: 'xl', md: 56 }}>
          <Steps prefix="marketing.steps" id="steps-title" icons={[IconUserPlus, IconToolsKitchen2, IconPrinter]} />
        </Container>
      </Box>
      <Container size="md" py={{ base: 'xl', md: 56 }}>
        <DemoVideo />
      </Container>
      <Box className={classes.band}>
        <Container size="lg" py={{ base: 'xl', md: 56 }}>
          <Testimonials />
        </Container>
      </Box>
      <Container size={560} py={{ base: 'xl', md: 56 }}>
        <Stack>
          <RegisterCard titleKey="marketing.business.register.title" textKey="marketing.business.register.text" />
        </Stack>
      </Container>
    </MarketingLayout>
  );
}
