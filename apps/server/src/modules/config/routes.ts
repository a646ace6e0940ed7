import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imagePathsResponse } from '@qr-menu/contract';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config/image-paths',
    { config: { access: 'public' }, schema: { tags: ['config'], response: { 200: imagePathsResponse } } },
    async () => ({
      apiAdminEatery: '/api/admin/eatery',
      reCreateTokenOnEateryChangeUrl: '/api/auth/recreate-token-on-eatery-change',
      imagePath: '/api/image/{imageId}.webp',
      categoryImagePath: '/api/image/{imageId}.webp',
      dishImagePath: '/api/image/{imageId}.webp',
      predefinedCategoryImagePath: '/api/catalog-image/{image}',
      predefinedDishImagePath: '/api/catalog-image/{image}',
    }),
  );
};
