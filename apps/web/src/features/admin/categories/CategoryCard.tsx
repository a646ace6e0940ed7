import { ActionIcon, Badge, Box, Button, Card, Flex, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconClock, IconEdit, IconToolsKitchen2, IconTrash } from '@tabler/icons-react';
import { localName, type Category } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '../shared/menu/CardImage';
import { formatHours } from '../shared/menu/hours-format';
import { NameInLanguage } from '../shared/forms/LanguageBadge';
import { namesByLanguage } from '../shared/menu/menu-helpers';
import { DragHandle } from '../shared/menu/SortableGrid';

/** A category card: image, names with their language badges, dish count, hours if any, edit dishes / edit / delete, drag handle. */
export function CategoryCard({
  category,
  eateryId,
  deleting,
  onEdit,
  onDelete,
}: {
  category: Category;
  eateryId: number;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const title = localName(category, i18n.language) || t('categories.noName');
  return (
    <Card padding="sm" h="100%" data-testid="category-card">
      <Box pos="absolute" top={6} right={6} style={{ zIndex: 1 }}>
        <DragHandle label={t('categories.dragHandle', { name: title })} />
      </Box>
      <Flex direction={{ base: 'row', sm: 'column' }} gap="sm" style={{ flex: 1 }}>
        <CardImage src={category.image} alt={title} emptyLabel={t('categories.noImage')} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }} pr={{ base: 40, sm: 0 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Badge variant="light" tt="none" w="fit-content">
            {t('categories.dishCount', { count: category.dishCount })}
          </Badge>
          {category.availableHours && (
            <Group gap={4} wrap="nowrap" align="flex-start" data-testid="category-hours">
              <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('menuHours.hoursOf', { hours: formatHours(category.availableHours, t) })}
              </Text>
            </Group>
          )}
          {namesByLanguage(category).map((n) => (
            <Text key={n.lng} size="sm" c="dimmed">
              <NameInLanguage lng={n.lng} name={n.name} />
            </Text>
          ))}
        </Stack>
      </Flex>
      <Group gap="xs" mt="sm" wrap="nowrap">
        <Button
          component={Link}
          to={`/admin/menu?categoryId=${category.id}&restaurantId=${eateryId}`}
          variant="light"
          size="xs"
          leftSection={<IconToolsKitchen2 size={16} />}
          style={{ flex: 1, minWidth: 0 }}
        >
          {t('categories.editDishes')}
        </Button>
        <Tooltip label={t('common.edit')}>
          <ActionIcon
            variant="light"
            size={30}
            aria-label={t('categories.editNamed', { name: title })}
            onClick={onEdit}
          >
            <IconEdit size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('common.delete')}>
          <ActionIcon
            variant="light"
            color="red"
            size={30}
            aria-label={t('categories.deleteNamed', { name: title })}
            onClick={onDelete}
            loading={deleting}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}
