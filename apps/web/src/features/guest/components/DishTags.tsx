import { useId } from 'react';
import type { DietaryTag, Language } from '@qr-menu/contract';
import {
  asLanguage,
  DIETARY_TAG_GROUPS,
  dietaryTagGroup,
  dietaryTagGroupName,
  dietaryTagName,
  isAllergen,
} from '@qr-menu/contract/constants';
import type { TFunction } from '../lib/i18n';
import { TagIcon } from '../lib/dietary';
import { VisuallyHidden } from '../ui/parts';
import classes from '../guest.module.css';

/** Chips a dish row shows at most: more than this shows the first ones and "+N" (the dish sheet lists them all). */
export const ROW_TAGS_MAX = 3;

/**
 * A dish's diet and allergen tags as chips, each an icon with its name (an icon alone is a riddle: a halal crescent
 * beside "from 18:00" read as "evenings only"). Allergen chips are drawn apart from the diets. `compact` (the menu's
 * rows): one list, at most ROW_TAGS_MAX chips, the rest as "+N"; otherwise (the dish sheet) every tag, the allergens
 * under their group's name.
 */
export function DishTags({
  tags,
  t,
  lang,
  compact = false,
}: {
  tags: readonly DietaryTag[] | undefined;
  t: TFunction;
  lang: string;
  compact?: boolean;
}) {
  if (!tags?.length) return null;
  const lng = asLanguage(lang);
  if (compact) {
    const shown = tags.length > ROW_TAGS_MAX ? tags.slice(0, ROW_TAGS_MAX - 1) : tags;
    const rest = tags.slice(shown.length);
    return (
      <ul className={classes.dishTags} data-compact aria-label={t('client.tags.label')}>
        {shown.map((tag) => (
          <TagChip key={tag} tag={tag} name={dietaryTagName(tag, lng)} />
        ))}
        {rest.length > 0 && (
          <li className={classes.dishTag} data-more>
            <span aria-hidden>{`+${rest.length}`}</span>
            <VisuallyHidden>
              {t('client.tags.more', {
                count: rest.length,
                names: rest.map((tag) => dietaryTagName(tag, lng)).join(', '),
              })}
            </VisuallyHidden>
          </li>
        )}
      </ul>
    );
  }
  return <TagGroups tags={tags} lng={lng} />;
}

/** The dish sheet's tags: the diets, then "Allergens" and theirs (a list each). */
function TagGroups({ tags, lng }: { tags: readonly DietaryTag[]; lng: Language }) {
  const groupId = useId();
  return (
    <div className={classes.dishTagGroups}>
      {DIETARY_TAG_GROUPS.map((group) => {
        const inGroup = tags.filter((tag) => dietaryTagGroup(tag) === group);
        if (inGroup.length === 0) return null;
        // The diets speak for themselves ("Vegan"); an allergen is said to be one ("Allergens: Milk").
        const labelled = group === 'allergens';
        return (
          <div key={group} className={classes.dishTagGroup}>
            {labelled && (
              <span id={`${groupId}-${group}`} className={classes.dishTagGroupName}>
                {dietaryTagGroupName(group, lng)}
              </span>
            )}
            <ul
              className={classes.dishTags}
              aria-label={labelled ? undefined : dietaryTagGroupName(group, lng)}
              aria-labelledby={labelled ? `${groupId}-${group}` : undefined}
            >
              {inGroup.map((tag) => (
                <TagChip key={tag} tag={tag} name={dietaryTagName(tag, lng)} />
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

function TagChip({ tag, name }: { tag: DietaryTag; name: string }) {
  return (
    <li className={classes.dishTag} data-tag={tag} data-allergen={isAllergen(tag) || undefined}>
      <TagIcon tag={tag} size={14} />
      <span>{name}</span>
    </li>
  );
}
