/**
 * A real restaurant's menu as an owner brings it on their first day: 44 dishes in six categories, each named in
 * Azerbaijani, English and Russian, with prices, a few descriptions, tags and one dish off the menu today.
 */

export interface MenuRow {
  category: [az: string, en: string, ru: string];
  name: [az: string, en: string, ru: string];
  description?: [az: string, en: string, ru: string];
  /** The price as the owner types it in the sheet. */
  price: string;
  tags?: string;
  available?: boolean;
}

const SALADS: MenuRow['category'] = ['Salatlar', 'Salads', 'Салаты'];
const SOUPS: MenuRow['category'] = ['Şorbalar', 'Soups', 'Супы'];
const KEBABS: MenuRow['category'] = ['Kabablar', 'Kebabs', 'Кебабы'];
const MAINS: MenuRow['category'] = ['Əsas yeməklər', 'Main courses', 'Основные блюда'];
const DESSERTS: MenuRow['category'] = ['Şirniyyatlar', 'Desserts', 'Десерты'];
const DRINKS: MenuRow['category'] = ['İçkilər', 'Drinks', 'Напитки'];

const dish = (
  category: MenuRow['category'],
  name: MenuRow['name'],
  price: string,
  extra: Partial<MenuRow> = {},
): MenuRow => ({ category, name, price, ...extra });

export const FIRST_HOUR_MENU: MenuRow[] = [
  dish(SALADS, ['Çoban salatı', 'Shepherd salad', 'Салат по-пастушьи'], '6.50', {
    description: ['Pomidor, xiyar, soğan, göyərti', 'Tomato, cucumber, onion, herbs', 'Помидоры, огурцы, лук, зелень'],
    tags: 'vegan',
  }),
  dish(SALADS, ['Paytaxt salatı', 'Capital salad', 'Столичный салат'], '8.00', { tags: 'eggs' }),
  dish(SALADS, ['Sezar salatı', 'Caesar salad', 'Салат Цезарь'], '11.50', { tags: 'eggs, milk' }),
  dish(SALADS, ['Yunan salatı', 'Greek salad', 'Греческий салат'], '9.00', { tags: 'vegetarian, milk' }),
  dish(SALADS, ['Badımcan salatı', 'Aubergine salad', 'Салат из баклажанов'], '7.00', { tags: 'vegan' }),
  dish(SALADS, ['Qarışıq turşu', 'Mixed pickles', 'Ассорти соленьев'], '5.00'),
  dish(SALADS, ['Göyərti boşqabı', 'Herb platter', 'Тарелка зелени'], '4.00', { tags: 'vegan' }),
  dish(SOUPS, ['Mərci şorbası', 'Lentil soup', 'Чечевичный суп'], '4.50', {
    description: ['Limon və kruton ilə', 'With lemon and croutons', 'С лимоном и гренками'],
    tags: 'vegetarian',
  }),
  dish(SOUPS, ['Düşbərə', 'Dushbara', 'Дюшбара'], '6.00'),
  dish(SOUPS, ['Piti', 'Piti', 'Пити'], '9.50', {
    description: ['Qoyun əti, noxud, şabalıd', 'Mutton, chickpeas, chestnuts', 'Баранина, нут, каштаны'],
  }),
  dish(SOUPS, ['Dovğa', 'Dovga', 'Довга'], '4.00', { tags: 'vegetarian, milk' }),
  dish(SOUPS, ['Toyuq şorbası', 'Chicken soup', 'Куриный суп'], '5.00', { tags: 'halal' }),
  dish(SOUPS, ['Xaşıl', 'Khashil', 'Хашил'], '3.50'),
  dish(KEBABS, ['Tikə kabab', 'Lamb tike kebab', 'Тике кебаб'], '12.00', { tags: 'halal' }),
  dish(KEBABS, ['Lülə kabab', 'Lula kebab', 'Люля кебаб'], '10.00', { tags: 'halal, spicy' }),
  dish(KEBABS, ['Toyuq kababı', 'Chicken kebab', 'Куриный кебаб'], '9.00', { tags: 'halal' }),
  dish(KEBABS, ['Antrikot', 'Lamb chops', 'Антрекот'], '16.00', { tags: 'halal' }),
  dish(KEBABS, ['Tərəvəz kababı', 'Vegetable kebab', 'Овощной кебаб'], '7.00', { tags: 'vegan' }),
  dish(KEBABS, ['Qaraciyər kababı', 'Liver kebab', 'Кебаб из печени'], '8.50'),
  dish(KEBABS, ['Balıq kababı', 'Fish kebab', 'Рыбный кебаб'], '14.00', { tags: 'fish' }),
  dish(KEBABS, ['Kartof kababı', 'Potato kebab', 'Картофельный кебаб'], '4.00', { tags: 'vegan' }),
  dish(MAINS, ['Şah plov', 'Shah pilaf', 'Шах плов'], '18.00', {
    description: ['Lavaşda bişmiş plov', 'Pilaf baked in lavash', 'Плов, запечённый в лаваше'],
    tags: 'milk',
  }),
  dish(MAINS, ['Toyuq plov', 'Chicken pilaf', 'Плов с курицей'], '12.00', { tags: 'halal' }),
  dish(MAINS, ['Dolma', 'Dolma', 'Долма'], '9.00', {
    description: ['Üzüm yarpağında', 'In vine leaves', 'В виноградных листьях'],
  }),
  dish(MAINS, ['Qutab (ət)', 'Qutab with meat', 'Кутабы с мясом'], '6.00'),
  dish(MAINS, ['Qutab (göyərti)', 'Qutab with herbs', 'Кутабы с зеленью'], '5.00', { tags: 'vegetarian' }),
  dish(MAINS, ['Saj içi', 'Saj platter', 'Садж'], '22.00'),
  dish(MAINS, ['Lavəngi', 'Lavangi', 'Лявянги'], '15.00', { tags: 'peanuts' }),
  dish(MAINS, ['Bozbaş', 'Bozbash', 'Бозбаш'], '10.00'),
  dish(MAINS, ['Çığırtma', 'Chighirtma', 'Чыгыртма'], '8.00', { tags: 'eggs' }),
  dish(DESSERTS, ['Paxlava', 'Baklava', 'Пахлава'], '3.00', { tags: 'containsNuts' }),
  dish(DESSERTS, ['Şəkərbura', 'Shekerbura', 'Шекербура'], '2.50', { tags: 'containsNuts, gluten' }),
  dish(DESSERTS, ['Qoğal', 'Gogal', 'Гогал'], '2.00'),
  dish(DESSERTS, ['Firni', 'Firni', 'Фирни'], '4.00', { tags: 'milk' }),
  dish(DESSERTS, ['Dondurma', 'Ice cream', 'Мороженое'], '3.50', { tags: 'milk' }),
  dish(DESSERTS, ['Meyvə boşqabı', 'Fruit platter', 'Фруктовая тарелка'], '9.00', { tags: 'vegan' }),
  dish(DRINKS, ['Qara çay', 'Black tea', 'Чёрный чай'], '1.50', {
    description: ['Armudu stəkanda', 'In an armudu glass', 'В стакане армуду'],
  }),
  dish(DRINKS, ['Ayran', 'Ayran', 'Айран'], '1.50', { tags: 'milk' }),
  dish(DRINKS, ['Kompot', 'Compote', 'Компот'], '2.00'),
  dish(DRINKS, ['Nar şirəsi', 'Pomegranate juice', 'Гранатовый сок'], '5.00', { tags: 'vegan' }),
  dish(DRINKS, ['Şərbət', 'Sherbet', 'Шербет'], '2.50'),
  dish(DRINKS, ['Mineral su', 'Mineral water', 'Минеральная вода'], '1.20'),
  dish(DRINKS, ['Türk qəhvəsi', 'Turkish coffee', 'Кофе по-турецки'], '3.00'),
  dish(DRINKS, ['Limonad', 'Lemonade', 'Лимонад'], '3.50', { available: false }),
];
