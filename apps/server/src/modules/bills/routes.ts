import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billDiscountBody, billPaymentBody, billQuery, billResponse, ROLE_MATRIX } from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { eateryParams } from '../route-options.js';

/** Closing the bill (contract bills.ts): read it, give a discount, record the payments of its parts. */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bills: service, calls } = app.services;
  const tags = ['bills'];

  app.get(
    '/eatery/:id/bill',
    {
      config: { access: { roles: ROLE_MATRIX.closeBill } },
      schema: {
        tags,
        summary: 'The bill of one or more orders (also once paid: the receipt)',
        params: eateryParams,
        querystring: billQuery,
        response: { 200: billResponse },
      },
    },
    async (request) => service.get(requireEatery(request).id, request.query.orderIds),
  );

  app.put(
    '/eatery/:id/bill/discount',
    {
      config: { access: { roles: ROLE_MATRIX.discount } },
      schema: {
        tags,
        summary: 'Discount of the bill (amount or percent of the subtotal, with a reason; amount 0 removes it)',
        params: eateryParams,
        body: billDiscountBody,
        response: { 200: billResponse },
      },
    },
    async (request) => service.setDiscount(requireEatery(request).id, request.body, requireUserId(request)),
  );

  app.post(
    '/eatery/:id/bill/payments',
    {
      config: { access: { roles: ROLE_MATRIX.closeBill } },
      schema: {
        tags,
        summary: 'Pay one part of the bill (an amount, some items, or all that is due), with an optional tip',
        params: eateryParams,
        body: billPaymentBody,
        response: { 200: billResponse },
      },
    },
    async (request) => {
      const eateryId = requireEatery(request).id;
      const userId = requireUserId(request);
      const bill = await service.pay(eateryId, request.body, userId);
      if (bill.status === 'PAID') await calls.answerBillCalls(eateryId, request.body.orderIds, userId);
      return bill;
    },
  );
};
