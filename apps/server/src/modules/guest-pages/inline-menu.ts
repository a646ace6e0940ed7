/**
 * The menu as a server-rendered guest page inlines it for hydration: each dish's `photo.src` is dropped where it
 * equals the dish's `image` (always, today): the client puts it back (apps/web/src/features/guest/ssr-data.ts).
 * 200 dishes' URLs, about 9 KB of the page's HTML, which the first-load budget of a guest page cannot spare.
 */
export function inlineMenuJson(menuJson: string): string {
  const menu = JSON.parse(menuJson) as {
    categories?: { dishes?: { image?: string | null; photo?: { src?: string } | null }[] }[];
  };
  for (const category of menu.categories ?? []) {
    for (const dish of category.dishes ?? []) {
      if (dish.photo && dish.photo.src === dish.image) delete dish.photo.src;
    }
  }
  return JSON.stringify(menu);
}
