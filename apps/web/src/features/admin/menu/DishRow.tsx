import { useState } from 'react';
import { ActionIcon, Badge, Box, Center, Group, Image, Loader, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPhoto } from '@tabler/icons-react';
import { centsToDecimal, localName, priceField, toCents, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../components/use-error-text';
import { useQuickDishUpdate, type QuickDishChange } from './dishes-api';

/** A price as the field holds it: 2 decimals, no grouping, the language's decimal mark ("1234,50" in az and ru). */
const priceText = (price: number, lang: string) => {
  const text = centsToDecimal(toCents(price));
  return lang === 'en' ? text : text.replace('.', ',');
};

/**
 * The price of a row, edited in place: saved when the field is left or Enter is pressed (Escape puts it back), only
 * when it is a valid price (> 0, 2 decimals at most; the contract's rule) that differs from the saved one.
 */
function PriceField({
  dish,
  name,
  currency,
  saving,
  refusals,
  onSave,
}: {
  dish: Dish;
  name: string;
  currency: string;
  saving: boolean;
  /** How many price changes of the row the server refused: each puts the saved price back in the field. */
  refusals: number;
  onSave: (price: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(() => priceText(dish.price, i18n.language));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState({ price: dish.price, refusals });
  // The saved price changed (this row's save, another screen) or a change was refused (the list may have shown the
  // new price and the old one back in one render): the field shows the saved price.
  if (dish.price !== shown.price || refusals !== shown.refusals) {
    setShown({ price: dish.price, refusals });
    setText(priceText(dish.price, i18n.language));
    setError(null);
  }

  const commit = () => {
    const parsed = priceField.safeParse(text);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.price'));
      return;
    }
    setError(null);
    if (toCents(parsed.data) === toCents(dish.price)) {
      setText(priceText(dish.price, i18n.language));
      return;
    }
    onSave(parsed.data);
  };

  return (
    <TextInput
      size="xs"
      w={112}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        setError(null);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape') {
          setText(priceText(dish.price, i18n.language));
          setError(null);
        }
      }}
      inputMode="decimal"
      autoComplete="off"
      aria-label={t('dishes.list.priceOf', { name })}
      error={error}
      rightSection={
        saving ? (
          <Loader size={12} aria-label={t('dishes.list.saving')} />
        ) : (
          <Text size="xs" c="dimmed">
            {currency}
          </Text>
        )
      }
      rightSectionWidth={40}
      data-testid="dish-row-price"
    />
  );
}

/**
 * One dish of the whole-menu list in one dense row: a small photo, the name in the admin's language, the price and
 * the "available to order" switch, each saved on its own with the dish's usual update (a spinner while it goes, a
 * translated message and the old value back when it is refused), and the edit button of the full form.
 */
export function DishRow({
  eateryId,
  dish,
  currency,
  highlighted,
  onEdit,
}: {
  eateryId: number;
  dish: Dish;
  currency: string;
  highlighted?: boolean;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const name = localName(dish, i18n.language) || t('dishes.noName');
  const [priceRefusals, setPriceRefusals] = useState(0);
  const onRefused = (err: Error, change: QuickDishChange) => {
    if ('price' in change) setPriceRefusals((n) => n + 1);
    notifications.show({ color: 'red', title: t('dishes.list.saveFailed', { name }), message: errorText(err) });
  };
  // One update per field, so each shows its own spinner.
  const priceUpdate = useQuickDishUpdate(eateryId, onRefused);
  const availableUpdate = useQuickDishUpdate(eateryId, onRefused);

  return (
    // The photo and name take the line; on a phone the price, switch and edit button go to a line of their own
    // rather than squeezing the name to a few letters.
    <Group
      gap="xs"
      wrap="wrap"
      px="sm"
      py={6}
      bg={highlighted ? 'var(--mantine-primary-color-light)' : undefined}
      data-testid="dish-row"
      data-dish-id={dish.id}
      data-available={dish.available}
    >
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Box w={48} h={36} style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
          {dish.image ? (
            <Image
              src={dish.image}
              alt=""
              w={48}
              h={36}
              fit="cover"
              loading="lazy"
              style={dish.available ? undefined : { opacity: 0.5 }}
            />
          ) : (
            <Center w={48} h={36} bg="gray.1">
              <IconPhoto size={18} stroke={1.3} color="var(--mantine-color-gray-5)" aria-hidden />
            </Center>
          )}
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text
            size="sm"
            fw={500}
            lineClamp={2}
            c={dish.available ? undefined : 'dimmed'}
            style={{ overflowWrap: 'break-word' }}
          >
            {name}
          </Text>
          {!dish.available && (
            <Badge size="xs" variant="light" color="gray" tt="none">
              {t('dishes.unavailable')}
            </Badge>
          )}
        </Box>
      </Group>
      <Group gap="sm" wrap="nowrap" ml="auto">
        <PriceField
          dish={dish}
          name={name}
          currency={currency}
          saving={priceUpdate.isPending}
          refusals={priceRefusals}
          onSave={(price) => priceUpdate.mutate({ dish, change: { price } })}
        />
        <Switch
          size="md"
          checked={dish.available}
          onChange={(e) => availableUpdate.mutate({ dish, change: { available: e.currentTarget.checked } })}
          aria-label={t('dishes.list.availableOf', { name })}
          // The switch stays (and keeps the focus) while its change is saved; the spinner rides on its thumb.
          thumbIcon={availableUpdate.isPending ? <Loader size={10} /> : undefined}
          aria-busy={availableUpdate.isPending}
          style={{ flexShrink: 0 }}
          data-testid="dish-row-available"
        />
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" size={32} onClick={onEdit} aria-label={t('dishes.list.editOf', { name })}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
