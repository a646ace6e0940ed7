import { useState } from 'react';
import type { DietaryTag } from '@qr-menu/contract';
import { ALLERGENS, asLanguage, DIET_TAGS, DIETARY_TAGS, dietaryTagName } from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { Button } from '../ui/Button';
import { Sheet } from '../ui/Sheet';
import { TagToggle } from './TagToggle';
import sheet from './sheet.module.css';

/**
 * The menu's tag filter (loaded on demand), in two groups of toggle chips: diets ("Show only": a dish must carry every
 * chosen one) and allergens ("Hide dishes that contain": a dish carrying a chosen one is hidden). Only the tags some
 * dish on the menu carries are offered (others would find nothing or hide nothing). "Show dishes" applies the choice,
 * "Clear filters" drops it.
 */
export default function FilterSheet({
  available,
  chosen,
  onApply,
  onClose,
}: {
  /** Tags some dish on the menu carries. */
  available: ReadonlySet<DietaryTag>;
  chosen: readonly DietaryTag[];
  onApply: (tags: DietaryTag[]) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const [tags, setTags] = useState<DietaryTag[]>([...chosen]);
  const offered = (list: readonly DietaryTag[]) => list.filter((tag) => available.has(tag) || chosen.includes(tag));
  const groups = [
    { id: 'filter-diet', title: t('client.filter.diet'), tags: offered(DIET_TAGS), hint: null },
    {
      id: 'filter-allergens',
      title: t('client.filter.allergens'),
      tags: offered(ALLERGENS),
      hint: t('client.filter.allergensHint'),
    },
  ].filter((g) => g.tags.length > 0);
  const toggle = (tag: DietaryTag) =>
    setTags((list) => DIETARY_TAGS.filter((x) => (x === tag ? !list.includes(x) : list.includes(x))));
  const apply = (next: DietaryTag[]) => {
    onApply(next);
    onClose();
  };
  return (
    <Sheet labelledBy="filter-sheet-title" onClose={onClose}>
      <div className={sheet.filterBody}>
        <h2 id="filter-sheet-title" className={sheet.filterTitle}>
          {t('client.filter.title')}
        </h2>
        {groups.map((g) => (
          <section key={g.id} className={sheet.filterGroup} aria-labelledby={g.id}>
            <h3 id={g.id} className={sheet.filterGroupTitle}>
              {g.title}
            </h3>
            {g.hint && <p className={sheet.hint}>{g.hint}</p>}
            <div className={sheet.tagChoices}>
              {g.tags.map((tag) => (
                <TagToggle
                  key={tag}
                  tag={tag}
                  label={dietaryTagName(tag, lng)}
                  pressed={tags.includes(tag)}
                  onToggle={toggle}
                />
              ))}
            </div>
          </section>
        ))}
        <div className={sheet.filterActions}>
          <Button size="lg" onClick={() => apply(tags)}>
            {t('client.filter.show')}
          </Button>
          <Button variant="outline" size="lg" onClick={() => apply([])}>
            {t('client.filter.clear')}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
