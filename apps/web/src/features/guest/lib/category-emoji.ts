/** The three names of a category (its name in the guest's language comes from the contract's `localName`). */
type Names = { nameAz: string; nameEn: string; nameRu: string };

/** Emoji of a category by any of its names (SPEC.md §2: Pizza, Salads, Drinks, Desserts, and a few more). */
const EMOJI: [RegExp, string][] = [
  [/pizza|пицц/i, '🍕'],
  [/salad|салат/i, '🥗'],
  [/drink|beverage|içki|İçki|sərinləşdirici|içecek|напит|juice|şirə|сок/i, '🥤'],
  [/dessert|desert|şirniyyat|десерт|sweet|cake|tort|торт/i, '🍰'],
  [/soup|şorba|суп/i, '🍲'],
  [/burger|бургер/i, '🍔'],
  [/pasta|spaghetti|makaron|паст/i, '🍝'],
  [/sushi|roll|суши|ролл/i, '🍣'],
  [/breakfast|səhər|завтрак/i, '🍳'],
  [/coffee|qəhvə|кофе/i, '☕'],
  [/tea\b|çay|чай/i, '🍵'],
  [/kebab|kabab|шашлык|кебаб|grill|гриль|manqal/i, '🍢'],
  [/meat|ət\b|мяс|beef|steak|стейк/i, '🥩'],
  [/chicken|toyuq|куриц/i, '🍗'],
  [/fish|balıq|рыб|seafood|dəniz/i, '🐟'],
  [/bread|bakery|çörək|хлеб|выпечк/i, '🥖'],
  [/appetizer|starter|snack|qəlyanaltı|закуск/i, '🥟'],
  [/wine|şərab|вин/i, '🍷'],
  [/beer|pivə|пив/i, '🍺'],
  [/ice cream|dondurma|морожен/i, '🍨'],
  [/kids|uşaq|детск/i, '🧒'],
];

export function categoryEmoji(item: Names): string {
  const all = `${item.nameEn} ${item.nameAz} ${item.nameRu}`;
  for (const [re, emoji] of EMOJI) if (re.test(all)) return emoji;
  return '🍽️';
}
