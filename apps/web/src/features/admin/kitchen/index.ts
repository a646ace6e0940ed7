export { KitchenPage } from './KitchenPage';
