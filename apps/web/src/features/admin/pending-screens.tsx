import { ComingSoon } from './shared/ComingSoon';

/* Screens of issues that have not landed yet; each is replaced by its feature folder when it does. */
export const CategoriesPage = () => <ComingSoon titleKey="nav.categories" />;
export const MenuPage = () => <ComingSoon titleKey="nav.menu" />;
export const OrdersPage = () => <ComingSoon titleKey="nav.orders" />;
export const DepartmentsPage = () => <ComingSoon titleKey="nav.departments" />;
