import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billDiscountBody,
  billPaymentBody,
  billQuery,
  billRefundBody,
  billResponse,
  billSplitItemBody,
  ROLE_MATRIX,
} from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { RATE } from '../../plugins/rate-limits.js';
import { pinApprover } from '../devices/pin-approver.js';
import { moneyApprovedBy } from './money-approval.js';
import { eateryParams } from '../route-options.js';
import { seesStaffContacts } from '../users/staff-contacts.js';

/** Closing the bill (contract bills.ts): read it, give a discount, record the payments of its parts, refund. */
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
    async (request) => {
      const eatery = requireEatery(request);
      return service.get(eatery.id, request.query.orderIds, seesStaffContacts(eatery));
    },
  );

  app.put(
    '/eatery/:id/bill/discount',
    {
      config: { access: { roles: ROLE_MATRIX.discount }, rateLimit: RATE.approval },
      schema: {
        tags,
        summary: 'Discount of the bill (amount or percent of the subtotal, with a reason; amount 0 removes it)',
        description:
          "A cashier sends a manager's `approval` (e-mail and password, or PIN on a registered device): 403 " +
          '`managerApprovalRequired` / `approvalInvalid` / `pinOffDevice`. Writes a DISCOUNT audit entry.',
        params: eateryParams,
        body: billDiscountBody,
        response: { 200: billResponse },
      },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const approvePin = pinApprover(app.services.devices, request, reply, eatery.id);
      const approvedBy = await moneyApprovedBy(app.db, eatery, request.body.approval, approvePin);
      const input = { ...request.body, approvedBy };
      return service.setDiscount(eatery.id, input, requireUserId(request), seesStaffContacts(eatery));
    },
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
      const eatery = requireEatery(request);
      const userId = requireUserId(request);
      const bill = await service.pay(eatery.id, request.body, userId, seesStaffContacts(eatery));
      if (bill.status === 'PAID') await calls.answerBillCalls(eatery.id, request.body.orderIds, userId);
      return bill;
    },
  );

  app.post(
    '/eatery/:id/bill/refunds',
    {
      config: { access: { roles: ROLE_MATRIX.refund }, rateLimit: RATE.approval },
      schema: {
        tags,
        summary: 'Refund money paid on a bill (a negative payment, with a method and a reason)',
        description:
          'Never more than was paid (400 `amountTooHigh`). A paid order whose total is no longer covered is open ' +
          "again. 409 `orderClosed` for a cancelled order. A cashier sends a manager's `approval` (as for a " +
          'discount). Writes a REFUND audit entry.',
        params: eateryParams,
        body: billRefundBody,
        response: { 200: billResponse },
      },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const approvePin = pinApprover(app.services.devices, request, reply, eatery.id);
      const approvedBy = await moneyApprovedBy(app.db, eatery, request.body.approval, approvePin);
      const input = { ...request.body, approvedBy };
      return service.refund(eatery.id, input, requireUserId(request), seesStaffContacts(eatery));
    },
  );

  app.post(
    '/eatery/:id/bill/split-item',
    {
      config: { access: { roles: ROLE_MATRIX.closeBill } },
      schema: {
        tags,
        summary: 'Split one unpaid line of the bill in two (3 × burger → 1 + 2) to pay the parts apart',
        params: eateryParams,
        body: billSplitItemBody,
        response: { 200: billResponse },
      },
    },
    async (request) => {
      const eatery = requireEatery(request);
      return service.splitItem(eatery.id, request.body, seesStaffContacts(eatery));
    },
  );
};
