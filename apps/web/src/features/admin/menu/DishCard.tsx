import type { ReactNode } from 'react';
import { Badge, Box, Card, Flex, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAdjustments, IconChefHat, IconCircleCheck, IconCircleOff, IconClock } from '@tabler/icons-react';
import { DEFAULT_TIME_ZONE, localDescription, localName, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { EditDeleteButtons } from '../shared/EditDeleteButtons';
import { CardImage } from '../shared/menu/CardImage';
import { StockLeftBadge } from '../shared/stock/StockLeftBadge';
import { NameInLanguage } from '../shared/forms/LanguageBadge';
import { formatPrice, namesByLanguage } from '../shared/menu/menu-helpers';
import { formatHours } from '../shared/menu/hours-format';
import { DragHandle } from '../shared/menu/SortableGrid';
import { backWhen } from './back-at';
import { DietaryTagBadges } from './DietaryTags';

/** An icon and a short line of the card (options, hours, department). */
function CardLine({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-testid={testId}>
      <Box style={{ flexShrink: 0, lineHeight: 0, marginTop: 2 }}>{icon}</Box>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * A dish card: availability mark (unavailable cards are grey; sold out until the next business day says when it is
 * back, in the restaurant's time zone), portions left of a counted dish, image, names, description (two lines, all of it on hover or keyboard focus),
 * price with 2 decimals and the currency unit, option groups, availability hours, kitchen department, edit and
 * delete, drag handle.
 */
export function DishCard({
  dish,
  departmentName,
  deleting,
  highlighted,
  currency,
  timeZone,
  onEdit,
  onDelete,
}: {
  dish: Dish;
  departmentName: string | null;
  deleting: boolean;
  highlighted?: boolean;
  /** The restaurant's currency code; AZN until the restaurant is loaded. */
  currency?: string;
  /** The restaurant's time zone; Asia/Baku until the restaurant is loaded. */
  timeZone?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const title = localName(dish, i18n.language) || t('dishes.noName');
  const description = localDescription(dish, i18n.language);
  const others = namesByLanguage(dish).filter((n) => n.name !== title);
  const groups = dish.optionGroups ?? [];
  const groupNames = groups.map((g) => localName(g, i18n.language) || t('dishes.options.unnamed')).join(', ');
  const backAt =
    !dish.available && dish.availableAgainAt
      ? t('dishes.card.backAt', { when: backWhen(dish.availableAgainAt, timeZone ?? DEFAULT_TIME_ZONE, t) })
      : null;

  const text = (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }} pr={{ base: 40, sm: 0 }}>
      <Badge
        variant={dish.available ? 'light' : 'filled'}
        color={dish.available ? 'green' : 'gray'}
        leftSection={
          dish.available ? <IconCircleCheck size={14} aria-hidden /> : <IconCircleOff size={14} aria-hidden />
        }
        tt="none"
        w="fit-content"
        maw="100%"
      >
        {t(dish.available ? 'dishes.available' : 'dishes.unavailable')}
      </Badge>
      <StockLeftBadge stockCount={dish.stockCount} />
      {backAt && (
        <Text size="sm" fw={500} data-testid="dish-back-at">
          {backAt}
        </Text>
      )}
      <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {others.map((n) => (
        <Text key={n.lng} size="xs" c="dimmed">
          <NameInLanguage lng={n.lng} name={n.name} />
        </Text>
      ))}
      {description && (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {description}
        </Text>
      )}
      <DietaryTagBadges tags={dish.dietaryTags ?? []} />
      <Text fw={700} size="lg" mt={4}>
        {formatPrice(dish.price, i18n.language)} {currency ?? t('dishes.priceUnit')}
      </Text>
      {groups.length > 0 && (
        <CardLine icon={<IconAdjustments size={16} aria-hidden />} testId="dish-options">
          {t('dishes.card.optionGroups', { names: groupNames })}
        </CardLine>
      )}
      {dish.availableHours && (
        <CardLine icon={<IconClock size={16} aria-hidden />} testId="dish-hours">
          {t('menuHours.hoursOf', { hours: formatHours(dish.availableHours, t) })}
        </CardLine>
      )}
      {departmentName && <CardLine icon={<IconChefHat size={16} aria-hidden />}>{departmentName}</CardLine>}
    </Stack>
  );

  return (
    <Card
      shadow={highlighted ? 'md' : 'xs'}
      padding="sm"
      h="100%"
      bg={dish.available ? undefined : 'gray.2'}
      style={highlighted ? { outline: '2px solid var(--mantine-primary-color-filled)' } : undefined}
      data-testid="dish-card"
      data-available={dish.available}
    >
      <Box pos="absolute" top={6} right={6} style={{ zIndex: 1 }}>
        <DragHandle label={t('dishes.dragHandle', { name: title })} />
      </Box>
      {description ? (
        <Tooltip
          label={description}
          multiline
          w={280}
          withArrow
          openDelay={300}
          events={{ hover: true, focus: true, touch: false }}
        >
          <Flex
            direction={{ base: 'row', sm: 'column' }}
            gap="sm"
            style={{ flex: 1 }}
            tabIndex={0}
            aria-label={`${title}. ${description}`}
          >
            <CardImage src={dish.image} alt={title} emptyLabel={t('dishes.noImage')} dimmed={!dish.available} />
            {text}
          </Flex>
        </Tooltip>
      ) : (
        <Flex direction={{ base: 'row', sm: 'column' }} gap="sm" style={{ flex: 1 }}>
          <CardImage src={dish.image} alt={title} emptyLabel={t('dishes.noImage')} dimmed={!dish.available} />
          {text}
        </Flex>
      )}
      <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} deleting={deleting} size="xs" mt="sm" />
    </Card>
  );
}
