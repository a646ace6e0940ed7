import { z } from 'zod';

/** GET /api/config/image-paths: URL templates the web app fills in. */
export const imagePathsResponse = z.object({
  apiAdminEatery: z.string(),
  reCreateTokenOnEateryChangeUrl: z.string(),
  imagePath: z.string(),
  categoryImagePath: z.string(),
  dishImagePath: z.string(),
  predefinedCategoryImagePath: z.string(),
  predefinedDishImagePath: z.string(),
});

export const frontendLogBody = z.object({
  level: z.enum(['error', 'warn', 'info', 'debug']),
  message: z.string().max(2000),
  details: z.unknown().optional(),
  source: z.string().max(200).optional(),
  userId: z
    .union([z.number(), z.string().max(40)])
    .nullable()
    .optional(),
  timestamp: z.string().max(40).optional(),
});
export type FrontendLog = z.infer<typeof frontendLogBody>;
