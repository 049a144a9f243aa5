import { useLocation } from "@tanstack/react-router";
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";

/**
 * A header disclosure's behaviour (the Products and Account menus): closed by a route change,
 * by Escape (focus back on its button) and by focus leaving it.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const href = useLocation({ select: (location) => location.href });

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a route change
  useEffect(() => setOpen(false), [href]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return { open, setOpen, wrapperRef, buttonRef, onKeyDown, onBlur };
}
