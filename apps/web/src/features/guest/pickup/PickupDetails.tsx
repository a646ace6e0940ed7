import { useId, type Ref } from 'react';
import { CUSTOMER_NAME_MAX, CUSTOMER_PHONE_MAX } from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { ui } from '../ui/parts';
import { customerErrors, saveCustomer, usePickupCustomer } from './pickup-customer';
import classes from './pickup.module.css';

/**
 * The cart's "who is it for" when ordering for pickup: a name to call (required) and a phone (optional), kept on the
 * phone for next time. `showErrors`: the guest tried to send, so each field says what is wrong with it.
 */
export function PickupDetails({ showErrors, nameRef }: { showErrors: boolean; nameRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const customer = usePickupCustomer();
  const errors = showErrors ? customerErrors(customer) : {};
  return (
    <fieldset className={classes.details}>
      <legend className={classes.legend}>{t('client.pickup.detailsTitle')}</legend>
      <p className={`${classes.detailsHint} ${ui.dimmed}`}>{t('client.pickup.detailsHint')}</p>
      <Field
        label={t('client.pickup.name')}
        value={customer.name}
        onChange={(name) => saveCustomer({ ...customer, name })}
        error={errors.name && t(errors.name, { max: CUSTOMER_NAME_MAX })}
        autoComplete="given-name"
        maxLength={CUSTOMER_NAME_MAX}
        required
        inputRef={nameRef}
      />
      <Field
        label={t('client.pickup.phone')}
        value={customer.phone}
        onChange={(phone) => saveCustomer({ ...customer, phone })}
        error={errors.phone && t(errors.phone)}
        type="tel"
        autoComplete="tel"
        maxLength={CUSTOMER_PHONE_MAX}
        placeholder="+994 50 123 45 67"
      />
    </fieldset>
  );
}

function Field({
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  maxLength,
  placeholder,
  required = false,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'tel';
  autoComplete: string;
  maxLength: number;
  placeholder?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className={ui.input}
        type={type}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={classes.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
