import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Flex,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { localName, OPTION_LIMITS, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { LanguageLabel } from '../shared/forms/LanguageBadge';
import { CopyGroupPicker } from './CopyGroupPicker';
import type { DishValues } from './dish-values';
import { CHOICE_TYPES, copyGroup, newGroup, newOption, type ChoiceType, type GroupValues } from './option-groups';

type DishForm = UseFormReturnType<DishValues>;

/** A button whose label may take two lines instead of being cut. */
const WRAPPING = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'start' as const } },
};
type Err = (path: string) => string | undefined;

/** Language, field, and the labels of the group's and the option's name inputs. */
const NAME_KEYS = [
  ['az', 'nameAz', 'dishes.options.groupNameAz', 'dishes.options.optionNameAz'],
  ['en', 'nameEn', 'dishes.options.groupNameEn', 'dishes.options.optionNameEn'],
  ['ru', 'nameRu', 'dishes.options.groupNameRu', 'dishes.options.optionNameRu'],
] as const;

/** Up, down and remove buttons of a group or an option (reordering without drag: keyboard and touch friendly). */
function MoveRemove({
  index,
  count,
  labels,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  labels: { up: string; down: string; remove: string };
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={labels.up}>
        <ActionIcon
          variant="subtle"
          size={36}
          aria-label={labels.up}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <IconArrowUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={labels.down}>
        <ActionIcon
          variant="subtle"
          size={36}
          aria-label={labels.down}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <IconArrowDown size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={labels.remove}>
        <ActionIcon variant="subtle" color="red" size={36} aria-label={labels.remove} onClick={onRemove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function OptionGroupCard({
  form,
  group,
  index,
  count,
  currency,
  err,
}: {
  form: DishForm;
  group: GroupValues;
  index: number;
  count: number;
  currency: string;
  err: Err;
}) {
  const { t, i18n } = useTranslation();
  const path = `optionGroups.${index}`;
  const name = localName(group, i18n.language) || t('dishes.options.unnamed');
  const title = localName(group, i18n.language)
    ? t('dishes.options.groupNamed', { n: index + 1, name })
    : t('dishes.options.group', { n: index + 1 });
  const rangeError = err(`${path}.minChoices`) ?? err(`${path}.maxChoices`);

  const setChoice = (choice: ChoiceType) => {
    form.setFieldValue(`${path}.choice`, choice);
    // "Choose several" starts from none up to every option (at least 2), which the owner then narrows.
    if (choice === 'several' && group.choice !== 'several') {
      form.setFieldValue(`${path}.minChoices`, 0);
      form.setFieldValue(`${path}.maxChoices`, Math.max(2, group.options.length));
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title} data-testid="option-group">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Title order={4} size="h6" mt={8} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {title}
          </Title>
          <MoveRemove
            index={index}
            count={count}
            labels={{
              up: t('dishes.options.moveGroupUp', { name }),
              down: t('dishes.options.moveGroupDown', { name }),
              remove: t('dishes.options.removeGroup', { name }),
            }}
            onMove={(to) => form.reorderListItem('optionGroups', { from: index, to })}
            onRemove={() => form.removeListItem('optionGroups', index)}
          />
        </Group>
        {err(path) && (
          <Text size="sm" c="red" role="alert">
            {err(path)}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          {NAME_KEYS.map(([lng, key, label]) => (
            <TextInput
              key={key}
              label={<LanguageLabel lng={lng}>{t(label)}</LanguageLabel>}
              maxLength={100}
              {...form.getInputProps(`${path}.${key}`)}
              error={err(`${path}.${key}`)}
            />
          ))}
        </SimpleGrid>
        <Radio.Group
          label={t('dishes.options.choiceLabel')}
          description={t(`dishes.options.choiceHint.${group.choice}`)}
          value={group.choice}
          onChange={(v) => setChoice(v as ChoiceType)}
          error={group.choice === 'several' ? undefined : rangeError}
        >
          <Group gap="md" mt={6}>
            {CHOICE_TYPES.map((c) => (
              <Radio key={c} value={c} label={t(`dishes.options.choice.${c}`)} />
            ))}
          </Group>
        </Radio.Group>
        {group.choice === 'several' && (
          <Group gap="sm" align="flex-start">
            <NumberInput
              label={t('dishes.options.minChoices')}
              w={120}
              min={0}
              max={OPTION_LIMITS.maxChoices}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps(`${path}.minChoices`)}
              error={err(`${path}.minChoices`)}
            />
            <NumberInput
              label={t('dishes.options.maxChoices')}
              w={120}
              min={1}
              max={OPTION_LIMITS.maxChoices}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps(`${path}.maxChoices`)}
              error={err(`${path}.maxChoices`)}
            />
          </Group>
        )}
        <Stack gap="xs" role="group" aria-label={`${t('dishes.options.optionsLabel')}: ${name}`}>
          <Text size="sm" fw={500}>
            {t('dishes.options.optionsLabel')}
          </Text>
          {group.options.map((option, j) => {
            const optionPath = `${path}.options.${j}`;
            const optionName = localName(option, i18n.language) || t('dishes.options.option', { n: j + 1 });
            return (
              <Paper
                key={option.key}
                bg="var(--mantine-color-default-hover)"
                p="xs"
                radius="sm"
                data-testid="option-row"
              >
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                  {NAME_KEYS.map(([lng, key, , label]) => (
                    <TextInput
                      key={key}
                      size="sm"
                      label={<LanguageLabel lng={lng}>{t(label)}</LanguageLabel>}
                      maxLength={100}
                      {...form.getInputProps(`${optionPath}.${key}`)}
                      error={err(`${optionPath}.${key}`)}
                    />
                  ))}
                </SimpleGrid>
                <Group gap="sm" mt="xs" align="flex-end" justify="space-between">
                  <Group gap="sm" align="flex-end">
                    <NumberInput
                      size="sm"
                      w={150}
                      label={t('dishes.options.priceDelta')}
                      description={t('dishes.options.priceDeltaHint')}
                      min={0}
                      step={0.5}
                      decimalScale={2}
                      allowNegative={false}
                      inputMode="decimal"
                      leftSection={<Text size="sm">+</Text>}
                      rightSection={
                        <Text size="xs" c="dimmed" pr={6}>
                          {currency}
                        </Text>
                      }
                      rightSectionWidth={44}
                      {...form.getInputProps(`${optionPath}.priceDelta`)}
                      error={err(`${optionPath}.priceDelta`)}
                    />
                    <Switch
                      mb={8}
                      label={t('dishes.options.optionAvailable')}
                      {...form.getInputProps(`${optionPath}.available`, { type: 'checkbox' })}
                    />
                  </Group>
                  <MoveRemove
                    index={j}
                    count={group.options.length}
                    labels={{
                      up: t('dishes.options.moveOptionUp', { name: optionName }),
                      down: t('dishes.options.moveOptionDown', { name: optionName }),
                      remove: t('dishes.options.removeOption', { name: optionName }),
                    }}
                    onMove={(to) => form.reorderListItem(`${path}.options`, { from: j, to })}
                    onRemove={() => form.removeListItem(`${path}.options`, j)}
                  />
                </Group>
              </Paper>
            );
          })}
          {err(`${path}.options`) && (
            <Text size="sm" c="red" role="alert">
              {err(`${path}.options`)}
            </Text>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            w="fit-content"
            leftSection={<IconPlus size={16} />}
            disabled={group.options.length >= OPTION_LIMITS.optionsPerGroup}
            onClick={() => form.insertListItem(`${path}.options`, newOption())}
          >
            {t('dishes.options.addOption')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The "Options" section of the dish form: add, edit, reorder and remove option groups and their options,
 * or copy a group from another dish of the restaurant.
 */
export function OptionGroupsEditor({
  form,
  err,
  eateryId,
  dishId,
  currency,
}: {
  form: DishForm;
  err: Err;
  eateryId: number;
  /** The dish being edited (left out of the copy picker), null for a new one. */
  dishId: number | null;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const [picking, setPicking] = useState(false);
  const groups = form.getValues().optionGroups;
  const full = groups.length >= OPTION_LIMITS.groups;

  const onCopy = (group: Dish['optionGroups'][number]) => {
    form.insertListItem('optionGroups', copyGroup(group));
    setPicking(false);
    notifications.show({
      color: 'green',
      message: t('dishes.options.copied', { name: localName(group, i18n.language) || t('dishes.options.unnamed') }),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="dish-options-title">
      <div>
        <Title order={3} size="h5" id="dish-options-title">
          {t('dishes.options.title')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('dishes.options.hint')}
        </Text>
      </div>
      {groups.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dishes.options.none')}
        </Text>
      )}
      {err('optionGroups') && (
        <Text size="sm" c="red" role="alert">
          {err('optionGroups')}
        </Text>
      )}
      {groups.map((group, i) => (
        <OptionGroupCard
          key={group.key}
          form={form}
          group={group}
          index={i}
          count={groups.length}
          currency={currency}
          err={err}
        />
      ))}
      {/* On a phone each button takes its own line and wraps its label (long in az and ru). */}
      <Flex direction={{ base: 'column', xs: 'row' }} gap="xs" align={{ base: 'stretch', xs: 'center' }} wrap="wrap">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={full}
          onClick={() => form.insertListItem('optionGroups', newGroup())}
          {...WRAPPING}
        >
          {t('dishes.options.addGroup')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          disabled={full}
          onClick={() => setPicking(true)}
          {...WRAPPING}
        >
          {t('dishes.options.copyGroup')}
        </Button>
      </Flex>
      {full && (
        <Text size="xs" c="dimmed">
          {t('dishes.options.limitGroups', { count: OPTION_LIMITS.groups })}
        </Text>
      )}
      {picking && (
        <CopyGroupPicker eateryId={eateryId} dishId={dishId} onCopy={onCopy} onClose={() => setPicking(false)} />
      )}
    </Stack>
  );
}
