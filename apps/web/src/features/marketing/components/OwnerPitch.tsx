import type { ReactNode } from 'react';
import { IconPrinter, IconToolsKitchen2, IconUserPlus } from '@tabler/icons-react';
import { ChatButton } from './ChatButton';
import { ClaimStats } from './ClaimStats';
import { ACTION, Hero, RegisterJumpButton } from './Hero';
import { Steps } from './Steps';

/** The hero of the pages for restaurant owners (landing, business): start or ask for a demo, then the claims. */
export function OwnerHero({ prefix, aside }: { prefix: string; aside: ReactNode }) {
  return (
    <Hero
      prefix={prefix}
      actions={
        <>
          <RegisterJumpButton labelKey="marketing.cta.start" />
          <ChatButton labelKey="marketing.cta.demo" messageKey="marketing.chat.demoText" size="lg" {...ACTION} />
        </>
      }
      aside={aside}
      below={<ClaimStats />}
    />
  );
}

/** How an owner starts: register, fill the menu, print the QR codes. */
export function OwnerSteps() {
  return <Steps prefix="marketing.steps" id="steps-title" icons={[IconUserPlus, IconToolsKitchen2, IconPrinter]} />;
}
