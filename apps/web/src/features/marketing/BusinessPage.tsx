import { Stack } from '@mantine/core';
import { Benefits } from './components/Benefits';
import { DemoVideo } from './components/DemoVideo';
import { HeroArt } from './components/HeroArt';
import { MarketingPage } from './components/MarketingPage';
import { OwnerHero, OwnerSteps } from './components/OwnerPitch';
import { RegisterCard } from './components/RegisterCard';
import { Section } from './components/Section';
import { Testimonials } from './components/Testimonials';

/** /business and /business/{az,en,ru}: benefits, steps, the demo video, two quotes and registration. */
export function BusinessPage() {
  return (
    <MarketingPage prefix="marketing.business">
      <OwnerHero prefix="marketing.business" aside={<HeroArt />} />
      <Section>
        <Benefits />
      </Section>
      <Section band>
        <OwnerSteps />
      </Section>
      <Section size="md">
        <DemoVideo />
      </Section>
      <Section band>
        <Testimonials />
      </Section>
      <Section size={560}>
        <Stack>
          <RegisterCard titleKey="marketing.business.register.title" textKey="marketing.business.register.text" />
        </Stack>
      </Section>
    </MarketingPage>
  );
}
