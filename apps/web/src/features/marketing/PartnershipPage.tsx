import { Button, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMail, IconMessageCircle, IconSchool, IconHeartHandshake } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ChatButton } from './components/ChatButton';
import { ACTION, Hero, PRIMARY } from './components/Hero';
import { HoursCard } from './components/HeroArt';
import { MarketingPage } from './components/MarketingPage';
import { Section } from './components/Section';
import { Steps } from './components/Steps';
import { contactEmail, mailtoUrl } from './lib/config';

const P = 'marketing.partnership';

function CheckList({ group }: { group: 'who' | 'what' }) {
  const { t } = useTranslation();
  return (
    <Paper component="section" withBorder radius="lg" p="lg" aria-labelledby={`${group}-title`}>
      <Title order={2} size="h3" id={`${group}-title`}>
        {t(`${P}.${group}.title`)}
      </Title>
      <List
        mt="md"
        spacing="sm"
        icon={
          <ThemeIcon size={24} radius="xl" variant="light" aria-hidden>
            <IconCheck size={16} />
          </ThemeIcon>
        }
      >
        {[1, 2, 3].map((i) => (
          <List.Item key={i}>{t(`${P}.${group}.i${i}`)}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** /partnership: the partner programme (2-3 hours a day) with contact by e-mail or chat. */
export function PartnershipPage() {
  const { t } = useTranslation();
  const email = contactEmail();
  const mailto = mailtoUrl(email, t(`${P}.contact.emailSubject`));
  return (
    <MarketingPage prefix={P}>
      <Hero
        prefix={P}
        actions={
          <>
            <Button {...PRIMARY} component="a" href={mailto} leftSection={<IconMail size={20} aria-hidden />}>
              {t(`${P}.contact.email`)}
            </Button>
            <ChatButton labelKey={`${P}.contact.chat`} messageKey="marketing.chat.partnerText" size="lg" {...ACTION} />
          </>
        }
        aside={<HoursCard />}
      />
      <Section>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <CheckList group="who" />
          <CheckList group="what" />
        </SimpleGrid>
      </Section>
      <Section band>
        <Steps
          prefix={`${P}.steps`}
          id="partner-steps-title"
          icons={[IconMessageCircle, IconSchool, IconHeartHandshake]}
        />
      </Section>
      <Section size="md">
        <Stack component="section" aria-labelledby="contact-title" gap="md" align="flex-start">
          <Title order={2} id="contact-title">
            {t(`${P}.contact.title`)}
          </Title>
          <Text size="lg">{t(`${P}.contact.text`)}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" w="100%">
            <Button
              component="a"
              href={mailto}
              variant="default"
              size="lg"
              {...ACTION}
              leftSection={<IconMail size={20} aria-hidden />}
            >
              {email}
            </Button>
            <ChatButton labelKey={`${P}.contact.chat`} messageKey="marketing.chat.partnerText" size="lg" {...ACTION} />
          </SimpleGrid>
        </Stack>
      </Section>
    </MarketingPage>
  );
}
