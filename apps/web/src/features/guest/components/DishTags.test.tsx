import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DIETARY_TAGS, type DietaryTag } from '@qr-menu/contract';
import { renderGuest } from '../test-render';
import { guestT } from '../lib/i18n';
import { DishTags, ROW_TAGS_MAX } from './DishTags';

const chips = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('a dish’s tags: every icon with its word', () => {
  it('names every diet and allergen in az, en and ru beside its icon', async () => {
    for (const [lang, vegan, milk] of [
      ['az', 'Vegan', 'Süd'],
      ['en', 'Vegan', 'Milk'],
      ['ru', 'Веганское', 'Молоко'],
    ] as const) {
      const { unmount } = await renderGuest(<DishTags tags={[...DIETARY_TAGS]} t={guestT} lang={lang} />, { lang });
      const words = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
      expect(words).toHaveLength(DIETARY_TAGS.length);
      expect(words.every((w) => w.trim().length > 1)).toBe(true);
      expect(words).toContain(vegan);
      expect(words).toContain(milk);
      // Each chip has its icon, drawn and hidden from screen readers (the word says it).
      for (const li of screen.getAllByRole('listitem'))
        expect(li.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      unmount();
    }
  });

  it('the dish sheet lists the diets, then the allergens under their name', async () => {
    await renderGuest(<DishTags tags={['halal', 'eggs', 'milk']} t={guestT} lang="en" />);
    expect(chips(screen.getByRole('list', { name: 'Diet' }))).toEqual(['Halal']);
    const allergens = screen.getByRole('list', { name: 'Allergens' });
    expect(chips(allergens)).toEqual(['Eggs', 'Milk']);
    expect(allergens.querySelectorAll('[data-allergen]')).toHaveLength(2);
    expect(screen.getByText('Allergens')).toBeTruthy();
  });

  it(`a dish row shows up to ${ROW_TAGS_MAX} chips; more are "+N", named for screen readers`, async () => {
    const three: DietaryTag[] = ['vegetarian', 'spicy', 'milk'];
    const { unmount } = await renderGuest(<DishTags tags={three} t={guestT} lang="en" compact />);
    expect(chips(screen.getByRole('list', { name: 'Diet and allergens' }))).toEqual(['Vegetarian', 'Spicy', 'Milk']);
    unmount();

    await renderGuest(
      <DishTags tags={['vegetarian', 'halal', 'gluten', 'eggs', 'milk']} t={guestT} lang="ru" compact />,
      { lang: 'ru' },
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(ROW_TAGS_MAX);
    expect(items.slice(0, 2).map((li) => li.textContent)).toEqual(['Вегетарианское', 'Халяль']);
    const more = items[2];
    expect(more.querySelector('[aria-hidden]')?.textContent).toBe('+3');
    expect(more.textContent).toContain('ещё 3: Глютен, Яйца, Молоко');
  });

  it('no tags, no list', async () => {
    const { container } = await renderGuest(<DishTags tags={[]} t={guestT} lang="en" compact />);
    expect(container.querySelector('ul')).toBeNull();
  });
});
