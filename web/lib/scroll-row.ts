import { type RefObject, useEffect, useState } from "react";

/*
 * Rows that scroll sideways on a phone (the products page's filter chips, the admin's tabs): the
 * current choice is brought into the row, and the row says on which side more of it is hidden.
 */

/** Room left beside the choice: the next one peeks in, so the row shows it scrolls. */
const margin = 20;

/**
 * Scrolls `row` sideways so the element `selector` finds in it (the current choice) is in view,
 * each time `choice` changes. Only the row scrolls: the page stays put (scrollIntoView would move
 * the page too).
 */
export function useChoiceInRow(row: RefObject<HTMLElement | null>, selector: string, choice: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `choice` is the reason to look again
  useEffect(() => {
    const element = row.current;
    const current = element?.querySelector(selector);
    if (!element || !current) return;
    const [outer, inner] = [element.getBoundingClientRect(), current.getBoundingClientRect()];
    if (inner.right > outer.right) element.scrollLeft += inner.right - outer.right + margin;
    else if (inner.left < outer.left) element.scrollLeft -= outer.left - inner.left + margin;
  }, [choice, selector]);
}

/** Which ends of a sideways row hide some of it: true at an end that can still be scrolled to. */
export type RowEdges = { start: boolean; end: boolean };

/** The row's hidden ends, as it scrolls and as its size or its content's changes. */
export function useRowEdges(row: RefObject<HTMLElement | null>): RowEdges {
  const [edges, setEdges] = useState<RowEdges>({ start: false, end: false });
  useEffect(() => {
    const element = row.current;
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed pages scroll by fractions.
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    resized?.observe(element);
    for (const child of element.children) resized?.observe(child);
    return () => {
      element.removeEventListener("scroll", measure);
      resized?.disconnect();
    };
  }, [row]);
  return edges;
}
