import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error';
import { device } from '../../../../api/device';
import { session } from '../../../../api/session';
import { useErrorText } from '../../../../components/use-error-text';
import { deviceLock } from './device-lock';
import { pinSignIn } from './device-api';

/**
 * Signing in with a PIN on this device: the new person's session replaces the one before (in every tab), the lock
 * opens and every query is read again as the new person. A wrong PIN says how many tries are left; a locked device
 * for how many minutes; a device revoked meanwhile is forgotten here (the e-mail sign-in takes over).
 */
export function usePinSignIn(onSignedIn: () => void) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (pin: string) => {
      const token = device.getToken();
      if (!token) throw new ApiError(401, 'deviceInvalid', 'deviceInvalid');
      return pinSignIn(token, pin);
    },
  });

  const submit = (pin: string) => {
    setError(null);
    mutation.mutate(pin, {
      onSuccess: async (res) => {
        session.setToken(res.jwt, res.userId, res.eateryId, true);
        deviceLock.unlock();
        onSignedIn();
        await qc.resetQueries();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.messageKey === 'deviceInvalid') {
          device.forget();
          deviceLock.unlock();
        }
        const left = err instanceof ApiError ? err.params.attemptsLeft : undefined;
        const text = errorText(err);
        setError(typeof left === 'number' ? `${text} ${t('devices.pad.attemptsLeft', { count: left })}` : text);
      },
    });
  };
  return { submit, busy: mutation.isPending, error };
}
