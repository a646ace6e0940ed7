import { Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import { localName, type DishOptionGroup } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { formatDelta } from '../live/item-options';
import './order-entry-texts';
import { chooseHint, isSingle, toggleOption } from './option-choice';

/**
 * The option groups of a dish in the staff's item form: radio buttons for a single choice, checkboxes up to the
 * group's maximum for several; each option with its price delta. `errors` holds a message key per group id.
 */
export function OptionPicker({
  groups,
  value,
  onChange,
  errors,
  disabled,
}: {
  groups: readonly DishOptionGroup[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  errors: ReadonlyMap<number | null, string>;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack gap="sm" data-testid="option-picker">
      {groups.map((group) => {
        const hint = chooseHint(group);
        const label = (
          <>
            {localName(group, lang)}{' '}
            <Text span size="sm" c="dimmed" fw={400}>
              ({t(hint.key, hint.values)})
            </Text>
          </>
        );
        const error = errors.get(group.id) ? t(errors.get(group.id)!) : undefined;
        const required = group.minChoices > 0;
        const optionLabel = (o: DishOptionGroup['options'][number]) => (
          <Group gap={6} wrap="nowrap" component="span">
            <span>{localName(o, lang)}</span>
            {o.priceDelta > 0 && (
              <Text span size="sm" c="dimmed">
                {formatDelta(o.priceDelta, lang)} {t('orderEntry.currency')}
              </Text>
            )}
            {!o.available && (
              <Text span size="sm" c="dimmed">
                ({t('orderEntry.unavailable')})
              </Text>
            )}
          </Group>
        );
        if (isSingle(group)) {
          const current = group.options.find((o) => value.includes(o.id));
          return (
            <Radio.Group
              key={group.id}
              label={label}
              required={required}
              error={error}
              value={current ? String(current.id) : null}
              onChange={(v) => onChange(toggleOption(value, group, Number(v), true))}
              data-group-id={group.id}
            >
              <Stack gap={6} mt={6}>
                {group.options.map((o) => (
                  <Radio key={o.id} value={String(o.id)} label={optionLabel(o)} disabled={disabled || !o.available} />
                ))}
                {!required && current && (
                  <Text
                    component="button"
                    type="button"
                    size="sm"
                    c="blue"
                    ta="start"
                    style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
                    onClick={() => onChange(toggleOption(value, group, current.id, false))}
                  >
                    {t('orderEntry.choose.clear')}
                  </Text>
                )}
              </Stack>
            </Radio.Group>
          );
        }
        const chosenHere = group.options.filter((o) => value.includes(o.id)).length;
        return (
          <Checkbox.Group
            key={group.id}
            label={label}
            required={required}
            error={error}
            value={group.options.filter((o) => value.includes(o.id)).map((o) => String(o.id))}
            data-group-id={group.id}
          >
            <Stack gap={6} mt={6}>
              {group.options.map((o) => {
                const checked = value.includes(o.id);
                return (
                  <Checkbox
                    key={o.id}
                    value={String(o.id)}
                    label={optionLabel(o)}
                    checked={checked}
                    disabled={disabled || !o.available || (!checked && chosenHere >= group.maxChoices)}
                    onChange={(e) => onChange(toggleOption(value, group, o.id, e.currentTarget.checked))}
                  />
                );
              })}
            </Stack>
          </Checkbox.Group>
        );
      })}
    </Stack>
  );
}
