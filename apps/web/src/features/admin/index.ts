import { registerTranslations } from '../../i18n';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

registerTranslations({ az, en, ru });

export { AdminRoot } from './layout/AdminRoot';
export { RestaurantsPage } from './restaurants/RestaurantsPage';
export { RestaurantDetailsPage } from './restaurants/RestaurantDetailsPage';
export { CategoriesPage, MenuPage, OrdersPage, DepartmentsPage } from './pending-screens';
export { TablesPage } from './tables';
export { UsersPage } from './users';
