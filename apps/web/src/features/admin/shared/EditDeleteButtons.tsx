import { Button, Group, type MantineSize } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The edit and delete buttons at the foot of an admin card. Without `onDelete` only edit shows. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  deleting,
  size = 'sm',
  mt = 'md',
  editLabel,
}: {
  onEdit: () => void;
  onDelete?: () => void;
  deleting: boolean;
  size?: MantineSize;
  mt?: MantineSize;
  /** Defaults to "Edit". */
  editLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group mt={mt} gap="xs">
      <Button variant="light" size={size} leftSection={<IconEdit size={16} />} onClick={onEdit}>
        {editLabel ?? t('common.edit')}
      </Button>
      {onDelete && (
        <Button
          variant="subtle"
          color="red"
          size={size}
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          loading={deleting}
        >
          {t('common.delete')}
        </Button>
      )}
    </Group>
  );
}
