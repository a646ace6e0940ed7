import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { ActionIcon, SimpleGrid } from '@mantine/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './Sortable.module.css';

type HandleProps = React.HTMLAttributes<HTMLButtonElement>;
const HandleContext = createContext<{ props: HandleProps | null; setRef: (el: HTMLElement | null) => void } | null>(
  null,
);

/** The drag handle of the card it is in; renders nothing when reordering is off. */
export function DragHandle({ label }: { label: string }) {
  const ctx = useContext(HandleContext);
  if (!ctx?.props) return null;
  return (
    <ActionIcon
      ref={ctx.setRef}
      className={classes.handle}
      variant="default"
      size="lg"
      aria-label={label}
      {...ctx.props}
    >
      <IconGripVertical size={20} />
    </ActionIcon>
  );
}

function SortableItem({ id, disabled, children }: { id: number; disabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <div ref={setNodeRef} style={style} className={`${classes.item} ${isDragging ? classes.dragging : ''}`}>
      <HandleContext.Provider
        value={{
          props: disabled ? null : ({ ...attributes, ...listeners } as HandleProps),
          setRef: setActivatorNodeRef,
        }}
      >
        {children}
      </HandleContext.Provider>
    </div>
  );
}

/**
 * A responsive card grid (1 column on phones, up to 4 on wide screens) whose cards can be dragged by their
 * DragHandle with a mouse, a finger (after a short press) or the keyboard (space, arrows, space).
 */
export function SortableGrid<T extends { id: number }>({
  items,
  disabled = false,
  onReorder,
  renderItem,
  nameOf,
  cols = { base: 1, sm: 2, lg: 3, xl: 4 },
}: {
  items: T[];
  /** The card's name for screen reader announcements. */
  nameOf: (item: T) => string;
  disabled?: boolean;
  onReorder: (items: T[]) => void;
  renderItem: (item: T) => ReactNode;
  cols?: Record<string, number>;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { t } = useTranslation();
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? nameOf(item) : '';
  };
  const position = (id: UniqueIdentifier | undefined) => ({
    position: items.findIndex((i) => i.id === id) + 1,
    total: items.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('categories.dnd.pickedUp', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('categories.dnd.movedOver', { name: name(active.id), ...position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('categories.dnd.dropped', { name: name(active.id), ...position(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('categories.dnd.cancelled', { name: name(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('categories.dnd.instructions') } }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={rectSortingStrategy} disabled={disabled}>
        <SimpleGrid cols={cols} spacing="md">
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} disabled={disabled}>
              {renderItem(item)}
            </SortableItem>
          ))}
        </SimpleGrid>
      </SortableContext>
    </DndContext>
  );
}
