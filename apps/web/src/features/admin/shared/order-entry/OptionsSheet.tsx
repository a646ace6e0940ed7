import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { localName, type Dish } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money-format';
import { OptionPicker } from './OptionPicker';
import { problemsByGroup, unitPrice } from './option-choice';
import classes from './order-entry.module.css';

/**
 * The options of a dish before it goes on the ticket: the staff option picker (the contract's choice rules), the
 * price with the choice, and "Add to ticket" once every required group is answered.
 */
export function OptionsSheet({
  dish,
  onAdd,
  onClose,
}: {
  dish: Dish;
  onAdd: (optionIds: number[]) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [chosen, setChosen] = useState<number[]>([]);
  const [errors, setErrors] = useState<ReadonlyMap<number | null, string>>(new Map());
  const groups = dish.optionGroups;
  const add = () => {
    const problems = problemsByGroup(groups, chosen);
    setErrors(problems);
    if (problems.size === 0) onAdd(chosen);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('orderEntry.optionsTitle', { name: localName(dish, lang) })}
      size="lg"
      centered
      // Over the full-screen grid.
      zIndex={400}
    >
      <OptionPicker
        groups={groups}
        value={chosen}
        onChange={(ids) => {
          setChosen(ids);
          setErrors(new Map());
        }}
        errors={errors}
      />
      <Group justify="space-between" mt="md" wrap="nowrap">
        <Text fw={700}>{formatMoney(unitPrice(dish.price, groups, chosen), lang, t('orderEntry.currency'))}</Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="md" className={classes.touch} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button size="md" className={classes.touch} onClick={add}>
            {t('orderEntry.optionsAdd')}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
