import type { CSSProperties, ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { SORT_TEXT } from '../texts/content';
import { cx } from './ui';

/** Rows only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * A drag-and-drop list (dnd-kit): pointer and keyboard (Space, arrows, Space; Escape cancels),
 * Turkish screen-reader announcements. `onReorder` gets the whole new order of ids. The live
 * region goes to <body>, so the list may be table rows.
 */
export function SortableList({ ids, nameOf, onReorder, children }: {
  ids: number[];
  nameOf: (id: number) => string;
  onReorder: (ids: number[]) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: unknown) => nameOf(Number(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => SORT_TEXT.picked(name(active.id)),
    onDragOver: ({ active, over }) => (over ? SORT_TEXT.over(name(active.id), name(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? SORT_TEXT.dropped(name(active.id), name(over.id)) : SORT_TEXT.cancelled(name(active.id))),
    onDragCancel: ({ active }) => SORT_TEXT.cancelled(name(active.id)),
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: SORT_TEXT.instructions }, container: typeof document === 'undefined' ? undefined : document.body }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A sortable row: props for the row element and for its drag handle. */
export function useSortableRow(id: number) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, attributes: { roleDescription: SORT_TEXT.roleDescription } });
  const style: CSSProperties = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 10 : undefined,
  };
  return { rowRef: setNodeRef, rowStyle: style, isDragging, handle: { setNode: setActivatorNodeRef, attributes, listeners } };
}

/** The ⠿ grip: a button (focusable, operable with the keyboard) named after the row. */
export function DragHandle({ handle: { setNode, attributes, listeners }, name }: { handle: ReturnType<typeof useSortableRow>['handle']; name: string }) {
  return (
    <button
      type="button"
      ref={setNode}
      {...attributes}
      {...listeners}
      aria-label={SORT_TEXT.handle(name)}
      title={SORT_TEXT.handle(name)}
      className={cx('inline-flex h-9 w-7 cursor-grab touch-none items-center justify-center rounded-md text-stone-400 hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing')}
    >
      <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden>
        <circle cx="7" cy="5" r="1.5" />
        <circle cx="13" cy="5" r="1.5" />
        <circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" />
        <circle cx="7" cy="15" r="1.5" />
        <circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
}
