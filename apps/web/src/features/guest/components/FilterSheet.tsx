import { useState } from 'react';
import type { DietaryTag } from '@qr-menu/contract';
import { useTranslation } from '../lib/i18n';
import { GUEST_TAGS, TagIcon } from '../lib/dietary';
import { Button } from '../ui/Button';
import { Sheet } from '../ui/Sheet';
import sheet from './sheet.module.css';

/**
 * The menu's tag filter (loaded on demand): the tags the menu's dishes carry, as checkboxes; "Show dishes"
 * applies them (a dish must carry every chosen tag), "Clear filters" drops them.
 */
export default function FilterSheet({
  available,
  chosen,
  onApply,
  onClose,
}: {
  /** Tags some dish on the menu carries (others would only find nothing). */
  available: ReadonlySet<DietaryTag>;
  chosen: readonly DietaryTag[];
  onApply: (tags: DietaryTag[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<DietaryTag[]>([...chosen]);
  const shown = GUEST_TAGS.filter((tag) => available.has(tag) || chosen.includes(tag));
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
        <div role="group" aria-labelledby="filter-sheet-title">
          {shown.map((tag) => {
            return (
              <label key={tag} className={sheet.tagOption}>
                <input
                  type="checkbox"
                  checked={tags.includes(tag)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setTags((list) => GUEST_TAGS.filter((x) => (x === tag ? on : list.includes(x))));
                  }}
                />
                <TagIcon tag={tag} size={22} />
                {t(`client.tags.${tag}`)}
              </label>
            );
          })}
        </div>
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
