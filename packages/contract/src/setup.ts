import { z } from 'zod';

/**
 * GET /api/eatery/{id}/setup-progress (EATERY_ADMIN): what a new restaurant has so far, for the owner's start checklist.
 * Counts are small (each is bounded by the restaurant's caps); `hasOrders` only asks whether one exists.
 */
export const setupProgressResponse = z.object({
  /** The restaurant has an address (registration leaves it empty). */
  address: z.boolean(),
  /** The restaurant has at least one phone number. */
  phone: z.boolean(),
  /** Dishes on the menu (archived ones are not counted). */
  dishes: z.number(),
  tables: z.number(),
  /** Members of the restaurant besides its owner. */
  staff: z.number(),
  /** At least one order was ever placed (a guest's or staff's). */
  hasOrders: z.boolean(),
});
export type SetupProgress = z.infer<typeof setupProgressResponse>;

/**
 * GET /api/setup/addresses (any signed-in user): the addresses a phone on the same network could open this server at,
 * offered as the base of QR codes when the admin is opened on localhost. No restaurant data.
 */
export const serverAddressesResponse = z.object({
  /** `http://<IPv4>:<port>` for each non-internal IPv4 address of the server, with the port the request came to. */
  lan: z.array(z.string()),
  /** PUBLIC_URL from the server's configuration (no trailing slash), or null when it is not set. */
  publicUrl: z.string().nullable(),
});
export type ServerAddresses = z.infer<typeof serverAddressesResponse>;

/**
 * The query parameter of the QR code routes (table list, one table's PNG, new key, create and edit) that picks the base
 * address the codes link to: one of the server's addresses above, or the address the request came to. Left out: PUBLIC_URL
 * when configured, else the address the request came to.
 */
export const QR_BASE_PARAM = 'base';
