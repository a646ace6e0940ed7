import { Alert } from '@mantine/core';
import { ErrorBanner } from '../../../components/ErrorBanner';

/**
 * Above the inputs of a restaurant's form: "choose a restaurant first" (the form's `restaurant` error,
 * translated) and the banner of a failed save.
 */
export function FormAlerts({
  restaurantError,
  save,
}: {
  restaurantError: string | undefined;
  save: { error: Error | null; reset: () => void };
}) {
  return (
    <>
      {restaurantError && (
        <Alert color="red" variant="light" role="alert">
          {restaurantError}
        </Alert>
      )}
      <ErrorBanner error={save.error} onClose={() => save.reset()} />
    </>
  );
}
