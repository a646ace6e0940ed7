import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { GuestMenu, GuestOrder } from '@qr-menu/contract';
import { localName, toCents } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { addItems, guestKeys, placeOrder, useMenu } from '../api';
import { cartTotalCents, type Cart, type CartItem } from '../cart/cart';
import { cartActions, getCart, useCart } from '../cart/cart-store';
import { AddModeBanner } from '../components/AddModeBanner';
import { DishPhoto } from '../components/DishPhoto';
import { QuantityControl } from '../components/QuantityControl';
import { GuestMessage } from '../GuestLayout';
import { useMoney } from '../lib/use-money';
import { submitErrorOutcome } from '../lib/submit-errors';
import { NoRestaurant } from './ScanPrompt';
import classes from '../guest.module.css';

/** The cart: quantities, a note per dish, the order note, the total and "Place order" (or "Add to order #N"). */
export function CartPage() {
  const cart = useCart();
  const { t } = useTranslation();
  if (!cart.eateryId || !cart.tableId) return <NoRestaurant />;
  if (cart.items.length === 0) {
    return (
      <>
        <AddModeBanner />
        <GuestMessage icon={IconShoppingCart} title={t('client.emptyCart')} text={t('client.cart.emptyHint')}>
          <Button component={Link} to="/client/menu" size="lg" h={48} radius="xl">
            {t('client.cart.toMenu')}
          </Button>
        </GuestMessage>
      </>
    );
  }
  return <CartContents cart={cart} eateryId={cart.eateryId} tableId={cart.tableId} />;
}

function CartContents({ cart, eateryId, tableId }: { cart: Cart; eateryId: number; tableId: number }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const menu = useMenu(eateryId, tableId);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The page starts at its heading for keyboard and screen-reader users (it has just replaced the menu).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const placeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  /** Dishes no longer on the menu (sold out or removed since they were added). */
  const unavailable = useMemo(() => {
    if (!menu.data) return new Set<number>();
    const onMenu = new Set(menu.data.categories.flatMap((c) => c.dishes.map((d) => d.id)));
    return new Set(cart.items.filter((i) => !onMenu.has(i.dish.id)).map((i) => i.dish.id));
  }, [menu.data, cart.items]);

  const submit = async () => {
    if (sending) return;
    setSending(true);
    setError(null);
    const current = getCart();
    const items = current.items.map((i) => ({ dishId: i.dish.id, quantity: i.quantity, note: i.note.trim() || null }));
    const orderId = current.addToOrderId;
    try {
      let order: GuestOrder;
      if (orderId) {
        order = await addItems(eateryId, orderId, items);
      } else {
        const idempotencyKey = cartActions.submissionKey();
        order = await placeOrder({ eateryId, tableId, items, note: current.note.trim() || null, idempotencyKey });
      }
      qc.setQueryData(guestKeys.order(eateryId, order.id), order);
      void qc.invalidateQueries({ queryKey: guestKeys.orders(eateryId) });
      void qc.invalidateQueries({ queryKey: guestKeys.deviceOrders(eateryId, tableId) });
      cartActions.reset();
      void navigate(`/client/order-confirmation/${order.id}`);
    } catch (err) {
      const refetchMenu = async () => (await menu.refetch()).data as GuestMenu | undefined;
      const outcome = await submitErrorOutcome(err, current, orderId, refetchMenu);
      if (outcome.drop.length) cartActions.dropDishes(outcome.drop);
      if (outcome.leaveAddMode) cartActions.setAddToOrder(null);
      if (outcome.reset) cartActions.reset();
      const names = outcome.droppedNames.map((n) => localName(n, i18n.language)).join(', ');
      setError(t(outcome.messageKey, { id: orderId, names }));
      setSending(false);
    }
  };

  const total = cartTotalCents(cart);
  return (
    <div className={classes.narrow}>
      <AddModeBanner />
      <Text component="h1" fz={26} fw={800} mt={0} mb="md" tabIndex={-1} ref={headingRef}>
        {t('client.cart.title')}
      </Text>
      <Stack gap="sm">
        {cart.items.map((item) => (
          <CartRow
            key={item.dish.id}
            item={item}
            unavailable={unavailable.has(item.dish.id)}
            // The removed row took the focus with it: back to the top of the cart (the last row's removal shows
            // the empty cart, whose heading takes the focus itself).
            onRemoved={() => headingRef.current?.focus()}
          />
        ))}
      </Stack>
      {!cart.addToOrderId && (
        <Textarea
          mt="lg"
          size="md"
          label={t('client.cart.orderNote')}
          placeholder={t('client.cart.orderNotePlaceholder')}
          value={cart.note}
          onChange={(e) => cartActions.setNote(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
        />
      )}
      <div style={{ height: error ? 220 : 150 }} />
      <div className={classes.bottomBar}>
        <Paper className={classes.bottomBarInner} radius="xl" p="sm" shadow="lg">
          {error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle />}
              title={t('client.errorTitle')}
              withCloseButton
              closeButtonLabel={t('common.dismiss')}
              onClose={() => {
                // The alert and its close button vanish: the focus goes to the button that retries.
                placeRef.current?.focus();
                setError(null);
              }}
              role="alert"
              mb="sm"
            >
              {error}
            </Alert>
          )}
          {unavailable.size > 0 && (
            <Text c="red.8" fz="sm" fw={600} mb="xs" role="status">
              {t('client.cart.unavailableHint')}
            </Text>
          )}
          <Group justify="space-between" px="xs" mb="xs">
            <Text fz="lg" fw={600}>
              {t('client.cart.total')}
            </Text>
            <Text fz={22} fw={800} data-testid="cart-total">
              {money(total)}
            </Text>
          </Group>
          <Button
            ref={placeRef}
            fullWidth
            size="xl"
            h={56}
            radius="xl"
            loading={sending}
            disabled={unavailable.size > 0}
            onClick={() => void submit()}
          >
            {cart.addToOrderId ? t('client.cart.addToOrder', { id: cart.addToOrderId }) : t('client.cart.placeOrder')}
          </Button>
        </Paper>
      </div>
    </div>
  );
}

function CartRow({ item, unavailable, onRemoved }: { item: CartItem; unavailable: boolean; onRemoved: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const name = localName(item.dish, i18n.language);
  const unit = toCents(item.dish.price);
  return (
    <Paper
      radius="lg"
      p="sm"
      withBorder={unavailable}
      style={unavailable ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <DishPhoto src={item.dish.image} alt="" variant="thumb" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} fz={17} lh={1.3}>
            {name}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('client.cart.unitPrice', { price: money(unit) })}
          </Text>
          {unavailable && (
            <Badge color="red" variant="light" size="lg" mt={4}>
              {t('client.cart.unavailable')}
            </Badge>
          )}
        </Stack>
        <ActionIcon
          size={44}
          variant="subtle"
          color="gray"
          onClick={() => {
            cartActions.delete(item.dish.id);
            onRemoved();
          }}
          aria-label={t('client.cart.remove', { name })}
        >
          <IconTrash size={22} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <QuantityControl
          name={name}
          quantity={item.quantity}
          minusDisabledAtOne
          onDecrease={() => cartActions.remove(item.dish.id)}
          onIncrease={() => cartActions.add(item.dish)}
        />
        <Text fz={18} fw={800}>
          {money(unit * item.quantity)}
        </Text>
      </Group>
      <TextInput
        mt="xs"
        size="md"
        aria-label={t('client.cart.itemNote', { name })}
        placeholder={t('client.cart.itemNotePlaceholder')}
        value={item.note}
        onChange={(e) => cartActions.setItemNote(item.dish.id, e.currentTarget.value)}
        maxLength={500}
      />
    </Paper>
  );
}
