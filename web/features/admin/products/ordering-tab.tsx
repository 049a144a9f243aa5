import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { Product } from "../../../../worker/contract/catalogue.ts";
import { ChevronDownIcon, ChevronUpIcon, DragHandleIcon } from "../../../components/icons.tsx";
import { getSessionManager } from "../../../lib/session.ts";
import { m } from "../../../paraglide/messages.js";
import {
  AdminField,
  CategoryOptions,
  EmptyState,
  IconButton,
  inputClass,
  NoticeBanner,
  TabHeader,
} from "../admin-ui.tsx";
import { saveChange, savedOnDeviceText } from "../outbox/outbox.ts";
import { useTabAction } from "../use-tab-action.ts";
import { ProductThumbnail } from "./product-thumbnail.tsx";
import type { ProductTabProps } from "./products-tab.tsx";

/**
 * docs/product.md §2's Product Ordering: a category filter, a list to drag into order (dnd-kit: mouse,
 * touch and keyboard, with spoken announcements), position numbers, and Save Order, which writes
 * sort_order from 1 in steps of 1, within the chosen category when there is one (docs/product.md §9).
 * Move up / Move down do the same with one tap, for whoever cannot drag (WCAG 2.2's 2.5.7).
 */
export function OrderingTab({ products, categories, onChanged }: ProductTabProps) {
  const id = useId();
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const shown = useMemo(
    () => (categoryId === undefined ? products : products.filter((product) => product.category_id === categoryId)),
    [products, categoryId],
  );
  const [order, setOrder] = useState<number[]>(() => shown.map((product) => product.id));
  const { busy, notice, setNotice, run } = useTabAction();

  // A new filter or a reload of the products starts from the order the device has, unless the admin
  // is dragging or has moves not yet saved: a list read again meanwhile (another tab, a change
  // sent) never undoes their work. `startedFrom` is the order their moves began from, sent with
  // Save Order as the order it was based on (ADR 0045).
  const shownOrder = shown.map((product) => product.id).join();
  const [startedFrom, setStartedFrom] = useState(shownOrder);
  const [unsaved, setUnsaved] = useState(false);
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (unsaved || dragging) return;
    setStartedFrom(shownOrder);
    setOrder(idsOf(shownOrder));
  }, [shownOrder, unsaved, dragging]);

  const byId = useMemo(() => new Map(products.map((product) => [product.id, product])), [products]);
  const rows = order.flatMap((productId) => byId.get(productId) ?? []);
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));

  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const position = (productId: number | string) => order.indexOf(Number(productId)) + 1;
  const nameOf = (productId: number | string) => byId.get(Number(productId))?.name ?? m.admin_the_product();
  // dnd-kit reports the picked-up item as over its own place at once; saying so would cut off
  // "Picked up …" before a screen reader has read it. Only a change of place is announced.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return m.admin_drag_picked_up({ name: nameOf(active.id), position: position(active.id), count: order.length });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return m.admin_drag_over({ name: nameOf(active.id), position: position(over.id), count: order.length });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? m.admin_drag_dropped_at({ name: nameOf(active.id), position: position(over.id), count: order.length })
        : m.admin_drag_dropped({ name: nameOf(active.id) }),
    onDragCancel: ({ active }) => m.admin_drag_cancelled({ name: nameOf(active.id) }),
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    setOrder((current) => arrayMove(current, from, to));
    setUnsaved(true);
    setNotice(null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(false);
    if (!over) return;
    move(order.indexOf(Number(active.id)), order.indexOf(Number(over.id)));
  };

  const save = async () => {
    setNotice(null);
    // docs/product.md §5: no token, no call.
    if (!(await getSessionManager().getAccessToken())) {
      setNotice({ tone: "error", text: m.admin_not_authorized() });
      return;
    }
    await run(async () => {
      // Sent as intent: the order chosen, and the order it was chosen from (ADR 0045).
      const outcome = await saveChange({
        kind: "reorder",
        ids: order,
        basedOn: idsOf(startedFrom),
        ...(categoryId === undefined ? {} : { categoryId }),
      });
      setUnsaved(false);
      await onChanged();
      return outcome === "sent" ? m.admin_order_saved() : savedOnDeviceText();
    }, m.admin_order_save_failed());
  };

  return (
    <div className="space-y-6">
      <TabHeader title={m.admin_tab_ordering()} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <AdminField id={`${id}-category`} label={m.admin_field_category()} className="w-full sm:w-72">
          <select
            id={`${id}-category`}
            value={categoryId ?? ""}
            onChange={(event) => {
              setNotice(null);
              setCategoryId(event.target.value === "" ? undefined : Number(event.target.value));
              setUnsaved(false);
            }}
            className={inputClass}
          >
            <option value="">{m.admin_all_categories()}</option>
            <CategoryOptions categories={categories} />
          </select>
        </AdminField>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void save()}
          disabled={busy || rows.length === 0}
          aria-busy={busy}
        >
          {busy ? m.admin_saving() : m.admin_save_order()}
        </button>
      </div>

      <NoticeBanner notice={notice} />

      {rows.length === 0 ? (
        <EmptyState>{m.admin_no_products_to_order()}</EmptyState>
      ) : (
        <>
          <p id={`${id}-help`} className="text-sm text-muted">
            {m.admin_order_help()}
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragStart={() => setDragging(true)}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragging(false)}
            accessibility={{ announcements }}
          >
            <SortableContext items={order} strategy={verticalListSortingStrategy}>
              <ol
                aria-label={m.admin_product_order()}
                aria-describedby={`${id}-help`}
                // The rows take the list's width, as the other cards do (issue 38): the contact button
                // over a phone's bottom right covers a row only until it is scrolled up, and the
                // page's footer leaves room for the last one.
                className="space-y-2"
              >
                {rows.map((product, index) => (
                  <SortableRow
                    key={product.id}
                    product={product}
                    position={index + 1}
                    count={rows.length}
                    category={product.category_id === null ? undefined : categoryName.get(product.category_id)}
                    onMove={(to) => move(index, to - 1)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
    </div>
  );
}

/** The ids of an order kept as "3,1,2". */
const idsOf = (order: string) => (order === "" ? [] : order.split(",").map(Number));

const moveButtonClass =
  "grid size-11 place-items-center rounded-xl border border-sand text-sage-800 hover:bg-linen disabled:opacity-40";

function SortableRow({
  product,
  position,
  count,
  category,
  onMove,
}: {
  product: Product;
  position: number;
  count: number;
  category: string | undefined;
  onMove(to: number): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: product.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-2xl border bg-white p-2 shadow-soft sm:gap-3 sm:p-3 ${
        isDragging ? "relative z-10 border-sage-600 shadow-lift" : "border-sand"
      }`}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={m.admin_drag_handle({ name: product.name, position, count })}
        // The handle takes the touch itself: the page does not scroll while a finger drags it.
        className="grid size-11 shrink-0 cursor-grab touch-none place-items-center rounded-xl text-sage-800 hover:bg-linen active:cursor-grabbing"
      >
        <DragHandleIcon className="size-5" />
      </button>
      <span
        className="grid size-9 shrink-0 place-items-center rounded-full bg-sage-100 text-sm font-semibold text-sage-900"
        data-testid="position"
      >
        {position}
      </span>
      <ProductThumbnail
        product={product}
        width={48}
        height={48}
        sizes="48px"
        className="hidden size-12 shrink-0 rounded-lg bg-linen object-cover sm:block"
      />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 leading-snug font-semibold [overflow-wrap:anywhere] text-sage-900" lang="tr">
          {product.name}
        </p>
        {category ? (
          <p className="truncate text-xs text-muted" lang="tr">
            {category}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-1">
        <IconButton
          label={m.admin_move_up({ name: product.name })}
          disabled={position === 1}
          onClick={() => onMove(position - 1)}
          className={moveButtonClass}
        >
          <ChevronUpIcon className="size-5" strokeWidth={2} />
        </IconButton>
        <IconButton
          label={m.admin_move_down({ name: product.name })}
          disabled={position === count}
          onClick={() => onMove(position + 1)}
          className={moveButtonClass}
        >
          <ChevronDownIcon className="size-5" strokeWidth={2} />
        </IconButton>
      </div>
    </li>
  );
}
