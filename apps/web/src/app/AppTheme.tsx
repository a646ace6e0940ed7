import { useMemo, type ReactNode } from 'react';
import {
  Alert,
  createTheme,
  Drawer,
  MantineThemeProvider,
  Modal,
  Notification,
  PasswordInput,
  useMantineTheme,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readableColorsCss } from './readable-colors';

/**
 * The parts of the theme that need the language or computed colours, around every Mantine page (admin, sign-in,
 * marketing):
 * - translated names of the icon-only buttons Mantine draws itself (close buttons of modals, drawers, toasts and
 *   alerts; the password show/hide toggle, which also becomes reachable with Tab), so no screen has to remember;
 * - the readable-colour CSS variables, rendered after MantineProvider's own variables so they win.
 * (The focus rescue runs for every page, guest pages too: see router.tsx.)
 */
export function AppTheme({ children }: { children: ReactNode }) {
  // t is bound to the current language: a new t, a new theme.
  const { t } = useTranslation();
  const base = useMantineTheme();
  const css = useMemo(() => readableColorsCss(base), [base]);
  const translated = useMemo(() => {
    const close = { 'aria-label': t('common.close') };
    return createTheme({
      components: {
        Modal: Modal.extend({ defaultProps: { closeButtonProps: close } }),
        Drawer: Drawer.extend({ defaultProps: { closeButtonProps: close } }),
        Notification: Notification.extend({ defaultProps: { closeButtonProps: close } }),
        Alert: Alert.extend({ defaultProps: { closeButtonLabel: t('common.close') } }),
        PasswordInput: PasswordInput.extend({
          defaultProps: {
            visibilityToggleFocusable: true,
            // A toggle button: the name stays, aria-pressed (set by Mantine) tells whether it is shown.
            visibilityToggleButtonProps: { 'aria-label': t('common.showPassword') },
          },
        }),
      },
    });
  }, [t]);

  return (
    <MantineThemeProvider theme={translated}>
      <style>{css}</style>
      {children}
    </MantineThemeProvider>
  );
}
