import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDialpad, IconMail, IconPhone, IconUserQuestion } from '@tabler/icons-react';
import type { StaffUser } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../shared/EditDeleteButtons';
import { staffLabel } from '../shared/users-api';
import '../shared/devices/translations';

/**
 * One staff user, headed by the person's name (the e-mail when there is none yet): the e-mail under it, role badges,
 * the phone or "No phone number", "No name yet" when the name is missing, edit and delete for admins. Other roles get
 * no e-mail nor phones from the server (username null): those lines are left out.
 */
export function UserCard({
  user,
  isSelf,
  canManage,
  deleting,
  onEdit,
  onDelete,
  onPin,
}: {
  user: StaffUser;
  isSelf: boolean;
  canManage: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** Set or clear the PIN: an admin for anyone, a member for themself; undefined: no PIN button. */
  onPin?: () => void;
}) {
  const { t } = useTranslation();
  const phones = user.phones.length ? user.phones : user.phone ? [user.phone] : [];
  const contacts = user.username !== null;
  return (
    <Card>
      <Stack gap={6} style={{ flex: 1 }}>
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }} data-testid="user-card-title">
          {staffLabel(user)}
        </Title>
        {contacts && user.name && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMail size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.username}
            </Text>
          </Group>
        )}
        <Group gap={4}>
          {user.isOwner && (
            <Badge variant="filled" size="sm">
              {t('users.owner')}
            </Badge>
          )}
          {isSelf && (
            <Badge variant="outline" size="sm" color="gray">
              {t('users.you')}
            </Badge>
          )}
          {user.hasPin && (
            <Badge variant="light" color="teal" size="sm" tt="none">
              {t('devices.pin.badge')}
            </Badge>
          )}
          {user.roles.map((r) => (
            <Badge key={r} variant="light" size="sm" tt="none">
              {t(`roles.${r}`)}
            </Badge>
          ))}
        </Group>
        {contacts && canManage && !user.name && (
          <Group gap={6} wrap="nowrap">
            <IconUserQuestion size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" c="dimmed">
              {t('users.noName')}
            </Text>
          </Group>
        )}
        {contacts && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconPhone size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" c={phones.length ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {phones.length ? phones.join(', ') : t('users.noPhone')}
            </Text>
          </Group>
        )}
      </Stack>
      <Group gap="xs" align="flex-end">
        {canManage && <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} deleting={deleting} />}
        {onPin && (
          <Button variant="subtle" size="sm" leftSection={<IconDialpad size={16} />} onClick={onPin}>
            {t('devices.pin.open')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
