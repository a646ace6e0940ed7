import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportError } from '../api/report-error';

function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>{t('errorBoundary.title')}</Title>
        <Text c="dimmed" ta="center">
          {error.message || t('errorBoundary.fallback')}
        </Text>
        <Button onClick={onRetry}>{t('errorBoundary.retry')}</Button>
      </Stack>
    </Center>
  );
}

/** Catches render errors: shows 'Something went wrong' with a retry, and reports to the server log. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error.message, { stack: error.stack, componentStack: info.componentStack }, 'error-boundary');
  }

  render() {
    if (this.state.error) return <Fallback error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
