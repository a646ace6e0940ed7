import { Button, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chatUrl } from '../lib/config';

/** Opens the configured chat (VITE_DEMO_CHAT_URL) in a new tab with a prefilled message in the page's language. */
export function ChatButton({
  labelKey,
  messageKey,
  ...props
}: { labelKey: string; messageKey: string } & Omit<ButtonProps, 'children'>) {
  const { t } = useTranslation();
  return (
    <Button
      component="a"
      href={chatUrl(t(messageKey))}
      target="_blank"
      rel="noopener noreferrer"
      variant="default"
      leftSection={<IconBrandWhatsapp size={20} aria-hidden />}
      {...props}
    >
      {t(labelKey)}
      <VisuallyHidden>{t('marketing.newTab')}</VisuallyHidden>
    </Button>
  );
}
