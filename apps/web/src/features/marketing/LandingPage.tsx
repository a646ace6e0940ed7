import { useEffect } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { LANGUAGES, type Language } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LanguageSelect } from '../../components/LanguageSelect';
import { setLanguage } from '../../i18n';

/** A language suffix (/landing/ru) sets the language; switching on the page goes to the bare path. */
function useLanguageRoute() {
  const { lang } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = `/${pathname.split('/')[1]}`;
  useEffect(() => {
    if (LANGUAGES.includes(lang as Language)) setLanguage(lang as Language);
    else if (lang) navigate(base, { replace: true });
  }, [lang, base, navigate]);
  return () => navigate(base);
}

/** Simple public page with login and registration links (the full marketing pages come with issue 7). */
export function LandingPage() {
  const { t } = useTranslation();
  const toBare = useLanguageRoute();
  useEffect(() => {
    document.title = t('landing.title');
  }, [t]);
  return (
    <Container size="sm" py={64}>
      <Group justify="flex-end" mb="xl">
        <LanguageSelect onChange={toBare} />
      </Group>
      <Stack gap="lg">
        <Title order={1}>{t('landing.title')}</Title>
        <Text size="lg">{t('landing.description')}</Text>
        <Group>
          <Button component={Link} to="/admin/register" size="md">
            {t('landing.register')}
          </Button>
          <Button component={Link} to="/admin/login" size="md" variant="default">
            {t('landing.login')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

export const BusinessPage = LandingPage;
export const PartnershipPage = LandingPage;
