import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RegisterForm } from '../../../components/RegisterForm';
import classes from '../marketing.module.css';

/** The owner registration form without the name field (sent as null), with a login link. */
export function RegisterCard({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      withBorder
      shadow="md"
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      id="register"
      className={classes.registerCard}
      aria-labelledby="register-title"
    >
      <Title order={2} size="h3" id="register-title">
        {t(titleKey)}
      </Title>
      <Text size="sm" mb="md" mt={4}>
        {t(textKey)}
      </Text>
      <RegisterForm withName={false} />
      <Text size="sm" ta="center" mt="md">
        {t('marketing.register.haveAccount')}{' '}
        <Anchor component={Link} to="/admin/login" c="dark.9" underline="always" fw={600}>
          {t('marketing.register.login')}
        </Anchor>
      </Text>
    </Paper>
  );
}
