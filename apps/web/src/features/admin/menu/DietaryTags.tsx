import { Chip, Group, Input, Tooltip, Badge } from '@mantine/core';
import {
  IconLeaf,
  IconMilkOff,
  IconMoonStars,
  IconNut,
  IconPepper,
  IconPlant2,
  IconWheatOff,
  type Icon,
} from '@tabler/icons-react';
import { DIETARY_TAGS, dietaryTagName, type DietaryTag, type Language } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';

/** The admin's icon of each dietary tag (the names come from the contract, in the three languages). */
export const DIETARY_TAG_ICONS: Record<DietaryTag, Icon> = {
  vegetarian: IconLeaf,
  vegan: IconPlant2,
  spicy: IconPepper,
  glutenFree: IconWheatOff,
  containsNuts: IconNut,
  lactoseFree: IconMilkOff,
  halal: IconMoonStars,
};

/** Colours that keep an allergen warning apart from a diet. */
const COLOR: Record<DietaryTag, string> = {
  vegetarian: 'green',
  vegan: 'teal',
  spicy: 'red',
  glutenFree: 'yellow',
  containsNuts: 'orange',
  lactoseFree: 'blue',
  halal: 'grape',
};

const languageOf = (lng: string): Language => (lng === 'en' || lng === 'ru' || lng === 'az' ? lng : currentLanguage());

/** The form's chips: one per tag of the fixed list, each with its icon and name in the admin's language. */
export function DietaryTagsInput({
  value,
  onChange,
  error,
}: {
  value: DietaryTag[];
  onChange: (tags: DietaryTag[]) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const lng = languageOf(i18n.language);
  return (
    <Input.Wrapper label={t('dishes.dietaryTags')} description={t('dishes.dietaryTagsHint')} error={error}>
      <Chip.Group multiple value={value} onChange={(v) => onChange(DIETARY_TAGS.filter((tag) => v.includes(tag)))}>
        <Group gap="xs" mt={6} role="group" aria-label={t('dishes.dietaryTags')}>
          {DIETARY_TAGS.map((tag) => {
            const TagIcon = DIETARY_TAG_ICONS[tag];
            return (
              <Chip key={tag} value={tag} color={COLOR[tag]} variant="outline" size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  <TagIcon size={14} aria-hidden />
                  {dietaryTagName(tag, lng)}
                </Group>
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}

/** A dish card's tags: small badges with icon and name. */
export function DietaryTagBadges({ tags }: { tags: readonly DietaryTag[] }) {
  const { t, i18n } = useTranslation();
  const lng = languageOf(i18n.language);
  if (tags.length === 0) return null;
  return (
    <Group gap={4} aria-label={t('dishes.dietaryTags')} role="list">
      {tags.map((tag) => {
        const TagIcon = DIETARY_TAG_ICONS[tag];
        const name = dietaryTagName(tag, lng);
        return (
          <Tooltip key={tag} label={name} withinPortal>
            <Badge
              role="listitem"
              variant="light"
              color={COLOR[tag]}
              size="sm"
              tt="none"
              leftSection={<TagIcon size={12} aria-hidden />}
            >
              {name}
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}
