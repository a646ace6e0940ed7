import type { DietaryTag } from '@qr-menu/contract';
import type { TFunction } from '../lib/i18n';
import { TagIcon } from '../lib/dietary';
import classes from '../guest.module.css';

/**
 * A dish's dietary tags as small icons with their names (`compact`, on the menu's rows: icons only, the names read
 * out and shown on long press).
 */
export function DishTags({
  tags,
  t,
  compact = false,
}: {
  tags: readonly DietaryTag[] | undefined;
  t: TFunction;
  compact?: boolean;
}) {
  if (!tags?.length) return null;
  return (
    <ul className={classes.dishTags} data-compact={compact || undefined} aria-label={t('client.tags.label')}>
      {tags.map((tag) => {
        const label = t(`client.tags.${tag}`);
        return (
          <li key={tag} className={classes.dishTag} title={label} data-tag={tag}>
            <TagIcon tag={tag} />
            <span className={classes.dishTagName}>{label}</span>
          </li>
        );
      })}
    </ul>
  );
}
