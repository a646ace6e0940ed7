import { Chip, Group, Input, Stack, Text, Tooltip, Badge } from '@mantine/core';
import {
  IconAlertCircle,
  IconBottle,
  IconEgg,
  IconFish,
  IconFlask,
  IconFlower,
  IconGrain,
  IconLeaf,
  IconMilk,
  IconMilkOff,
  IconMoonStars,
  IconNut,
  IconPepper,
  IconPlant2,
  IconSeedling,
  IconSnail,
  IconWheat,
  IconWheatOff,
  type Icon,
} from '@tabler/icons-react';
import {
  DIETARY_TAG_GROUPS,
  DIETARY_TAGS,
  DIETARY_TAGS_OF,
  dietaryTagGroupName,
  dietaryTagName,
  isAllergen,
  type DietaryTag,
  type DietTag,
  type Language,
} from '@qr-menu/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n';

/**
 * The admin's icon of each tag (the names come from the contract, in the three languages). Allergens without a
 * fitting drawing (crustaceans, peanuts, celery) get a neutral mark: the name beside it says which.
 */
export const DIETARY_TAG_ICONS: Record<DietaryTag, Icon> = {
  vegetarian: IconLeaf,
  vegan: IconPlant2,
  spicy: IconPepper,
  glutenFree: IconWheatOff,
  lactoseFree: IconMilkOff,
  halal: IconMoonStars,
  gluten: IconWheat,
  crustaceans: IconAlertCircle,
  eggs: IconEgg,
  fish: IconFish,
  peanuts: IconAlertCircle,
  soy: IconSeedling,
  milk: IconMilk,
  containsNuts: IconNut,
  celery: IconAlertCircle,
  mustard: IconBottle,
  sesame: IconGrain,
  sulphites: IconFlask,
  lupin: IconFlower,
  molluscs: IconSnail,
};

/** Colours that keep an allergen warning apart from a diet: the diets' own, one warning orange for every allergen. */
const DIET_COLOR: Record<DietTag, string> = {
  vegetarian: 'green',
  vegan: 'teal',
  spicy: 'red',
  glutenFree: 'yellow',
  lactoseFree: 'blue',
  halal: 'grape',
};
const colorOf = (tag: DietaryTag) => (isAllergen(tag) ? 'orange' : DIET_COLOR[tag]);

const languageOf = (lng: string): Language => (lng === 'en' || lng === 'ru' || lng === 'az' ? lng : currentLanguage());

/** The form's chips: one per tag of the fixed list, in two groups (diet, allergens), with icon and name. */
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
  const id = useId();
  return (
    <Input.Wrapper label={t('dishes.dietaryTags')} description={t('dishes.dietaryTagsHint')} error={error}>
      <Chip.Group multiple value={value} onChange={(v) => onChange(DIETARY_TAGS.filter((tag) => v.includes(tag)))}>
        <Stack gap="xs" mt={6} role="group" aria-label={t('dishes.dietaryTags')}>
          {DIETARY_TAG_GROUPS.map((group) => {
            const name = dietaryTagGroupName(group, lng);
            return (
              <div key={group}>
                <Text size="sm" fw={600} mb={4} id={`${id}-${group}`}>
                  {name}
                </Text>
                <Group gap="xs" role="group" aria-labelledby={`${id}-${group}`}>
                  {DIETARY_TAGS_OF[group].map((tag) => {
                    const TagIcon = DIETARY_TAG_ICONS[tag];
                    return (
                      <Chip key={tag} value={tag} color={colorOf(tag)} variant="outline" size="sm">
                        <Group gap={4} wrap="nowrap" component="span">
                          <TagIcon size={14} aria-hidden />
                          {dietaryTagName(tag, lng)}
                        </Group>
                      </Chip>
                    );
                  })}
                </Group>
              </div>
            );
          })}
        </Stack>
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
              color={colorOf(tag)}
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
