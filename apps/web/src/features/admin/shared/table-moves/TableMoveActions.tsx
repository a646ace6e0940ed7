import { useState, type ReactNode } from 'react';
import { Button, Menu, type ButtonProps } from '@mantine/core';
import { IconArrowMerge, IconArrowsExchange, IconArrowsSplit, IconArrowRight } from '@tabler/icons-react';
import { isFinalOrderStatus, type Order, type Role } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { MergeOrderModal } from './MergeOrderModal';
import { MoveOrderModal } from './MoveOrderModal';
import { refusalText } from './move-plan';
import { SplitCheckModal } from './SplitCheckModal';
import { useMayMoveOrders } from './table-moves-api';
import './texts';

type Dialog = { kind: 'move' } | { kind: 'merge'; intoOrderId?: number } | { kind: 'split' };

/**
 * "Table…" on an open order (the floor's table panel, the orders board's card): move it or some dishes to another
 * table, merge it with another order, split its check. Only for the roles that may (ROLE_MATRIX.moveOrders); an
 * operation the order cannot take is shown disabled with why.
 */
export function TableMoveActions({
  order,
  roles,
  size = 'sm',
}: {
  order: Order;
  /** The caller's roles here, when the screen has them (else the loaded restaurants say). */
  roles?: readonly Role[];
  size?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  const eateryId = order.eateryId;
  const may = useMayMoveOrders(eateryId, roles);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  if (!may || isFinalOrderStatus(order.status)) return null;
  const close = () => setDialog(null);
  const item = (kind: 'move' | 'merge' | 'split', op: 'moveOrder' | 'merge' | 'split', icon: ReactNode) => {
    const why = refusalText(order, op);
    return (
      <Menu.Item
        leftSection={icon}
        disabled={why !== null}
        title={why ? t(why) : undefined}
        onClick={() => setDialog({ kind } as Dialog)}
        data-action={`table-${kind}`}
      >
        {t(`tableMoves.${kind}`)}
      </Menu.Item>
    );
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size={size}
            leftSection={<IconArrowsExchange size={16} />}
            aria-label={t('tableMoves.menuNamed', { number: order.number })}
            data-action="table-moves"
            style={{ flex: '1 0 auto' }}
          >
            {t('tableMoves.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {item('move', 'moveOrder', <IconArrowRight size={16} />)}
          {item('merge', 'merge', <IconArrowMerge size={16} />)}
          {item('split', 'split', <IconArrowsSplit size={16} />)}
        </Menu.Dropdown>
      </Menu>
      {dialog?.kind === 'move' && (
        <MoveOrderModal
          eateryId={eateryId}
          order={order}
          onClose={close}
          onMergeInstead={(intoOrderId) => setDialog({ kind: 'merge', intoOrderId })}
        />
      )}
      {dialog?.kind === 'merge' && (
        <MergeOrderModal eateryId={eateryId} order={order} intoOrderId={dialog.intoOrderId} onClose={close} />
      )}
      {dialog?.kind === 'split' && <SplitCheckModal eateryId={eateryId} order={order} onClose={close} />}
    </>
  );
}
