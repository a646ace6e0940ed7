import { Modal, MultiSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createUserBody,
  ROLES,
  updateUserBody,
  USER_V,
  type CreateUserBody,
  type Role,
  type StaffUser,
  type UpdateUserBody,
} from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../shared/FormActions';
import { useUnsavedChangesGuard } from '../shared/forms/unsaved-changes';
import { FormAlerts } from '../shared/FormAlerts';
import { zodFormErrors } from '../../../components/form-errors';
import { useSaveAndClose } from '../shared/use-save-and-close';
import { useSaveUser } from './users-api';

export interface UserFormValues {
  email: string;
  password: string;
  name: string;
  phone: string;
  roles: string[];
}

const toValues = (user?: StaffUser | null): UserFormValues => ({
  email: user?.username ?? '',
  password: '',
  name: user?.name ?? '',
  phone: user?.phones[0] ?? user?.phone ?? '',
  roles: user?.roles ?? [],
});

/** Request paths (both bodies) onto the form's inputs. */
function fieldOf(path: string): string | undefined {
  if (path === 'user.email' || path === 'username') return 'email';
  if (path === 'user.password' || path === 'password') return 'password';
  if (path === 'user.roles' || path.startsWith('user.roles.') || path === 'roles' || path.startsWith('roles.'))
    return 'roles';
  if (path === 'userProfileRequest.name' || path === 'name' || path === 'userProfileRequest') return 'name';
  if (path === 'userProfileRequest.phone' || path === 'phone' || path.startsWith('phones')) return 'phone';
  if (path.startsWith('restaurant')) return 'restaurant';
  return undefined;
}

function createBody(v: UserFormValues, restaurantId: number | null, restaurantName?: string): CreateUserBody {
  return {
    user: { email: v.email, password: v.password, roles: v.roles as Role[] },
    restaurant: { eateryId: restaurantId ?? Number.NaN, name: restaurantName ?? null },
    userProfileRequest: { name: v.name, phone: v.phone },
  };
}

/** Editing keeps the user's other phones; a blank password and a blank name keep the current ones. */
function updateBody(v: UserFormValues, user: StaffUser): UpdateUserBody {
  const rest = user.phones.slice(1);
  return {
    username: v.email,
    name: v.name,
    password: v.password,
    phones: v.phone.trim() ? [v.phone.trim(), ...rest] : rest,
    roles: v.roles as Role[],
  };
}

/**
 * The rules of the user form as i18n keys: username required, password and name required for
 * new users, at least one role, a restaurant on create (under the `restaurant` key).
 */
export function validateUser(
  values: UserFormValues,
  user: StaffUser | null | undefined,
  restaurantId: number | null,
): Record<string, string> {
  const raw = user
    ? zodFormErrors(updateUserBody, updateBody(values, user))
    : zodFormErrors(createUserBody, createBody(values, restaurantId));
  const errors: Record<string, string> = {};
  for (const [path, key] of Object.entries(raw)) {
    const field = fieldOf(path);
    if (field && !(field in errors)) errors[field] = key;
  }
  if (!user && !restaurantId) errors.restaurant = USER_V.restaurantRequired;
  return errors;
}

/** Add/edit a staff user of the restaurant. */
export function UserForm({
  restaurantId,
  restaurantName,
  user,
  onClose,
}: {
  restaurantId: number | null;
  restaurantName?: string;
  user?: StaffUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveUser(restaurantId ?? 0);
  const form = useForm<UserFormValues>({
    initialValues: toValues(user),
    validateInputOnBlur: true,
    validate: (values) => validateUser(values, user, restaurantId),
  });
  const err = (path: string) => (form.errors[path] ? t(String(form.errors[path])) : undefined);
  const saveAndClose = useSaveAndClose(save, { form, onClose, fields: { fieldOf, conflicts: { userExist: 'email' } } });
  const guard = useUnsavedChangesGuard(form.isDirty());
  const close = () => guard.confirmClose(onClose);

  const onSubmit = form.onSubmit((values) =>
    user
      ? saveAndClose({ id: user.id, body: updateUserBody.parse(updateBody(values, user)) }, 'users.updated')
      : saveAndClose({ body: createUserBody.parse(createBody(values, restaurantId, restaurantName)) }, 'users.created'),
  );

  return (
    <Modal opened onClose={close} title={t(user ? 'users.editTitle' : 'users.addTitle')} size="lg">
      {guard.leaveGuard}
      <form onSubmit={onSubmit} noValidate autoComplete="off">
        <Stack gap="sm">
          <FormAlerts restaurantError={err('restaurant')} save={save} />
          <TextInput
            label={t('users.username')}
            type="email"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('email')}
            error={err('email')}
          />
          <PasswordInput
            label={t('users.password')}
            required={!user}
            description={user ? t('users.passwordKeep') : undefined}
            autoComplete="new-password"
            {...form.getInputProps('password')}
            error={err('password')}
          />
          <TextInput
            label={t('users.name')}
            required={!user}
            autoComplete="off"
            {...form.getInputProps('name')}
            error={err('name')}
          />
          <TextInput
            label={t('users.phone')}
            type="tel"
            autoComplete="off"
            {...form.getInputProps('phone')}
            error={err('phone')}
          />
          <MultiSelect
            label={t('users.roles')}
            placeholder={form.getValues().roles.length ? undefined : t('users.rolesPlaceholder')}
            required
            data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            clearable={false}
            {...form.getInputProps('roles')}
            error={err('roles')}
          />
          <FormActions onCancel={close} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
