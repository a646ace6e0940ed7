import { Alert, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Screens whose issue has not landed yet say so plainly instead of pretending. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} mb="md">
        {t(titleKey)}
      </Title>
      <Alert color="blue">{t('layout.comingSoon')}</Alert>
    </>
  );
}
