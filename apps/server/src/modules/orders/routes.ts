import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idField,
  NEXT_CURSOR_HEADER,
  orderCreateBody,
  orderItemBody,
  orderItemUpdateBody,
  orderItemVoidBody,
  orderListQuery,
  orderPathId,
  orderRejectBody,
  orderReopenBody,
  orderResponse,
  orderUpdateBody,
  type Order,
  ROLE_MATRIX,
} from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { RATE } from '../../plugins/rate-limits.js';
import { pinApprover } from '../devices/pin-approver.js';
import { withPinChecked } from './manager-approval.js';
import { listQueryKey } from './orders-list-cache.js';
import { eateryParams } from '../route-options.js';

const orderParams = z.object({ id: idField, orderId: orderPathId });
const itemParams = orderParams.extend({ itemId: orderPathId });

/**
 * Staff orders: list, create, edit, status, items, accept and reject. Guest routes (/api/client/...) use the same
 * queries and commands.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orderQueries: queries, orderCommands: commands, bills, calls } = app.services;
  const tags = ['orders'];

  app.get(
    '/eatery/:id/orders',
    {
      config: { access: { roles: 'any' } },
      schema: {
        tags,
        description:
          'The orders of the restaurant, newest first (created_at, then id), one page of `limit` orders ' +
          '(default 200, at most 1000). When more orders match, the response header `X-Next-Cursor` holds an ' +
          'opaque cursor: send it back as `cursor` (with the same filters) for the next page. Pages do not shift ' +
          'when orders are added meanwhile (the cursor marks the last order shown). No header: this is the last page. ' +
          'A malformed cursor answers 400 `validation` on `cursor`.',
        params: eateryParams,
        querystring: orderListQuery,
        response: { 200: z.array(orderResponse) },
      },
    },
    async (request, reply) => {
      // The page as sent before when nothing changed since (orders-list-cache.ts), else read and serialized here
      // with the route's own serializer: the same bytes either way.
      const eateryId = requireEatery(request).id;
      const page = await app.ordersListCache.page(eateryId, listQueryKey(request.query), async () => {
        const { orders, nextCursor } = await queries.list(eateryId, request.query);
        return { body: Buffer.from(reply.serialize(orders) as string), nextCursor };
      });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      // Bytes go out as they are (Fastify serializes only objects).
      return reply.type('application/json; charset=utf-8').send(page.body as unknown as Order[]);
    },
  );

  app.post(
    '/eatery/:id/orders',
    {
      config: { access: { roles: ROLE_MATRIX.create } },
      schema: {
        tags,
        description:
          'Places an order: DINE_IN (default) at `tableId`, or TAKEAWAY without a table (`customerName`, ' +
          '`customerPhone` optional). Lines may name a `seat` and a `course`; later courses of the round wait held. ' +
          'Counted dishes give their portions in the same transaction: 409 `notEnoughStock` (params: dishId, name, ' +
          'left) when too few are left, nothing written.',
        params: eateryParams,
        body: orderCreateBody,
        response: { 201: orderResponse },
      },
    },
    async (request, reply) => {
      const { tableId, note, items, kind = 'DINE_IN', customerName, customerPhone } = request.body;
      const takeaway = kind === 'TAKEAWAY';
      const placed = await commands.placeOrder(
        requireEatery(request).id,
        takeaway ? null : (tableId ?? null),
        items ?? [],
        note,
        takeaway ? { kind, customer: { name: customerName, phone: customerPhone } } : {},
      );
      return reply.code(201).send(placed.order);
    },
  );

  app.get(
    '/eatery/:id/orders/:orderId',
    {
      config: { access: { roles: 'any' } },
      schema: { tags, params: orderParams, response: { 200: orderResponse } },
    },
    async (request) => queries.get(requireEatery(request).id, request.params.orderId),
  );

  app.put(
    '/eatery/:id/orders/:orderId',
    {
      config: { access: { roles: ROLE_MATRIX.orderStatus } },
      schema: { tags, params: orderParams, body: orderUpdateBody, response: { 200: orderResponse } },
    },
    async (request) => {
      const eatery = requireEatery(request);
      const userId = requireUserId(request);
      const { orderId } = request.params;
      const { status, note, method } = request.body;
      if (status !== 'PAID') return commands.updateOrder(eatery, orderId, { status, note }, userId);
      // Marked paid: the bill records the payment of what is due, so revenue always equals payments.
      const { statusChange } = await bills.markPaidByStatus(eatery, orderId, { note, method }, userId);
      if (statusChange) await calls.answerBillCalls(eatery.id, [orderId], userId);
      return queries.get(eatery.id, orderId);
    },
  );

  app.delete(
    '/eatery/:id/orders/:orderId',
    { config: { access: { roles: ROLE_MATRIX.delete } }, schema: { tags, params: orderParams } },
    async (request, reply) => {
      await commands.deleteOrder(requireEatery(request).id, request.params.orderId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/eatery/:id/orders/:orderId/items',
    {
      config: { access: { roles: ROLE_MATRIX.editItems } },
      schema: { tags, params: orderParams, body: orderItemBody, response: { 201: orderResponse } },
    },
    async (request, reply) => {
      const { dishId, quantity, note, optionIds, seat, course } = request.body;
      const order = await commands.addItems(
        requireEatery(request).id,
        request.params.orderId,
        [{ dishId, quantity, note, optionIds, seat, course }],
        // One item in the body: its fields are reported as the body's own.
        { itemField: (_i, name) => name },
      );
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/eatery/:id/orders/:orderId/accept',
    {
      config: { access: { roles: ROLE_MATRIX.confirm } },
      schema: {
        tags,
        description:
          'Accept a guest order waiting for confirmation (NEEDS_CONFIRMATION → CREATED: the kitchen sees it). ' +
          '409 `orderClosed` from any other status. No body (or an empty object).',
        params: orderParams,
        body: z.object({}).strict().nullish(),
        response: { 200: orderResponse },
      },
    },
    async (request) => commands.acceptOrder(requireEatery(request).id, request.params.orderId),
  );

  app.post(
    '/eatery/:id/orders/:orderId/reject',
    {
      config: { access: { roles: ROLE_MATRIX.confirm } },
      schema: {
        tags,
        description:
          'Reject a guest order waiting for confirmation (NEEDS_CONFIRMATION → CANCELLED) with a reason the guest ' +
          'sees (`rejectionReason`). 409 `orderClosed` from any other status.',
        params: orderParams,
        body: orderRejectBody,
        response: { 200: orderResponse },
      },
    },
    async (request) => commands.rejectOrder(requireEatery(request).id, request.params.orderId, request.body.reason),
  );

  app.put(
    '/eatery/:id/orders/:orderId/items/:itemId',
    {
      // Field-level rules (who may change status vs. quantity/note/dish) are checked by the service.
      config: { access: { roles: [...new Set([...ROLE_MATRIX.editItems, ...ROLE_MATRIX.itemStatus])] } },
      schema: { tags, params: itemParams, body: orderItemUpdateBody, response: { 200: orderResponse } },
    },
    async (request) =>
      commands.updateItem(
        requireEatery(request),
        request.params.orderId,
        request.params.itemId,
        request.body,
        requireUserId(request),
      ),
  );

  app.delete(
    '/eatery/:id/orders/:orderId/items/:itemId',
    {
      config: { access: { roles: ROLE_MATRIX.voidItem }, rateLimit: RATE.approval },
      schema: {
        tags,
        description:
          'Voids the item with a reason: it stays on the order, struck out, out of the total. Once the kitchen ' +
          'started it (or it was served) a manager approves: the caller is an EATERY_ADMIN, or `approval` holds ' +
          "an EATERY_ADMIN's e-mail and password, or their PIN from a session on a registered device of the " +
          'restaurant (403 `managerApprovalRequired` / `approvalInvalid` / `pinOffDevice`). With payments ' +
          'the order may not cost less than was paid (409 `refundFirst`). Writes a VOID audit entry.',
        params: itemParams,
        body: orderItemVoidBody,
        response: { 200: orderResponse },
      },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const approvePin = pinApprover(app.services.devices, request, reply, eatery.id);
      const approval = await withPinChecked(request.body.approval, approvePin);
      return commands.voidItem(
        eatery,
        request.params.orderId,
        request.params.itemId,
        { ...request.body, approval },
        requireUserId(request),
      );
    },
  );

  app.post(
    '/eatery/:id/orders/:orderId/reopen',
    {
      config: { access: { roles: ROLE_MATRIX.reopen } },
      schema: {
        tags,
        description:
          'Opens a PAID or CANCELLED order again, with a reason (409 `orderNotClosed` for an open one). Its status ' +
          'follows its dishes; its payments stay. Writes a REOPEN audit entry.',
        params: orderParams,
        body: orderReopenBody,
        response: { 200: orderResponse },
      },
    },
    async (request) =>
      commands.reopenOrder(
        requireEatery(request).id,
        request.params.orderId,
        request.body.reason,
        requireUserId(request),
      ),
  );
};
