import type { ReactNode } from 'react';
import { Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconLogin2, IconQrcode } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSelect } from '../../../components/LanguageSelect';
import classes from '../marketing.module.css';

const NAV = [
  { to: '/landing', key: 'marketing.nav.home' },
  { to: '/business', key: 'marketing.nav.business' },
  { to: '/partnership', key: 'marketing.nav.partnership' },
] as const;

/**
 * Header (brand, navigation, language, login), one <main> and a footer with the same links. The language
 * switch calls `onLanguageChange` (the landing and business pages navigate to their bare path then).
 */
export function MarketingLayout({
  children,
  onLanguageChange,
}: {
  children: ReactNode;
  onLanguageChange?: () => void;
}) {
  const { t } = useTranslation();
  // At 360 px the brand, the language switch and the login button fit only without the button's icon.
  const roomy = useMediaQuery('(min-width: 380px)', true);
  return (
    <>
      <a href="#main" className={classes.skip}>
        {t('marketing.nav.skip')}
      </a>
      <Box component="header" className={classes.header}>
        <Container size="lg" py={6}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Link to="/landing" className={classes.brand}>
              <IconQrcode size={28} aria-hidden />
              {t('marketing.brand')}
            </Link>
            <Group component="nav" aria-label={t('marketing.nav.main')} gap="md" visibleFrom="md" wrap="nowrap">
              {NAV.map((n) => (
                <NavLink key={n.to} to={n.to} className={classes.navLink}>
                  {t(n.key)}
                </NavLink>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSelect compact onChange={onLanguageChange} />
              <Button
                component={Link}
                to="/admin/login"
                variant="default"
                size="sm"
                h={44}
                leftSection={roomy ? <IconLogin2 size={18} aria-hidden /> : undefined}
              >
                {t('marketing.nav.login')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" id="main" tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </Box>
      <Box component="footer" className={classes.footer}>
        <Container size="lg" py="xl">
          <Stack gap="sm">
            <Text fw={800}>{t('marketing.brand')}</Text>
            <Text size="sm">{t('marketing.footer.tagline')}</Text>
            <Group component="nav" aria-label={t('marketing.nav.footer')} gap="lg" style={{ rowGap: 0 }}>
              {NAV.map((n) => (
                <Link key={n.to} to={n.to} className={classes.footerLink}>
                  {t(n.key)}
                </Link>
              ))}
              <Link to="/admin/login" className={classes.footerLink}>
                {t('marketing.nav.login')}
              </Link>
            </Group>
            <Text size="sm">{t('marketing.footer.rights', { year: new Date().getFullYear() })}</Text>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
