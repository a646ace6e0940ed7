import {
  IconBaguette,
  IconBeer,
  IconBowl,
  IconBowlChopsticks,
  IconBowlSpoon,
  IconBurger,
  IconCake,
  IconCarrot,
  IconCheese,
  IconCoffee,
  IconCup,
  IconEggFried,
  IconFish,
  IconGlassFull,
  IconGrillFork,
  IconIceCream,
  IconMeat,
  IconMoodKid,
  IconPizza,
  IconSalad,
  IconSoup,
  IconTeapot,
  IconToolsKitchen2,
  type Icon,
} from '@tabler/icons-react';

/** The three names of a category (its name in the guest's language comes from the contract's `localName`). */
type Names = { nameAz: string; nameEn: string; nameRu: string };

/**
 * Icon of a category by any of its names (Pizza, Salads, Drinks, Desserts, and a few more). Drawn
 * icons rather than emoji: a phone without an emoji font shows an emoji as an empty box. First match wins, so
 * "Alcoholic drinks" and "Ice cream" come before "drinks" and "desserts".
 */
const ICONS: [RegExp, Icon][] = [
  [/pizza|пицц/i, IconPizza],
  [/salad|салат/i, IconSalad],
  [/alcohol|alkoqol|алкогол|wine|şərab|вин/i, IconGlassFull],
  [/beer|pivə|пив/i, IconBeer],
  [/coffee|qəhvə|кофе/i, IconCoffee],
  [/tea\b|çay|чай/i, IconTeapot],
  [/drink|beverage|içki|İçki|sərinləşdirici|içecek|напит|juice|şirə|сок/i, IconCup],
  [/ice cream|dondurma|морожен/i, IconIceCream],
  [/dessert|desert|şirniyyat|десерт|sweet|cake|tort|торт/i, IconCake],
  [/soup|şorba|суп/i, IconSoup],
  [/burger|бургер/i, IconBurger],
  [/pasta|spaghetti|makaron|паст/i, IconBowlSpoon],
  [/sushi|roll|суши|ролл/i, IconBowlChopsticks],
  [/breakfast|səhər|завтрак/i, IconEggFried],
  [/kebab|kabab|шашлык|кебаб|grill|гриль|manqal/i, IconGrillFork],
  [/meat|ət\b|мяс|beef|steak|стейк|chicken|toyuq|куриц/i, IconMeat],
  [/fish|balıq|рыб|seafood|dəniz|морепродукт/i, IconFish],
  [/bread|bakery|çörək|хлеб|выпечк/i, IconBaguette],
  [/appetizer|starter|snack|qəlyanaltı|закуск/i, IconCheese],
  [/vegetarian|vegan|vejetaryan|вегетариан|веган/i, IconCarrot],
  [/side dish|garnish|qarnir|гарнир/i, IconBowl],
  [/kids|uşaq|детск/i, IconMoodKid],
];

export function categoryIcon(item: Names): Icon {
  const all = `${item.nameEn} ${item.nameAz} ${item.nameRu}`;
  for (const [re, icon] of ICONS) if (re.test(all)) return icon;
  return IconToolsKitchen2;
}
