import { useLocation } from "@tanstack/react-router";
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

/**
 * A disclosure's behaviour (the Products and Account menus, the contact links on a phone): closed
 * by a route change, by Escape (focus back on its button), by focus leaving it and by a tap or
 * click outside it. `button` is what its DisclosureButton takes; the panel carries the id
 * `panelId`.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const href = useLocation({ select: (location) => location.href });

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a route change
  useEffect(() => setOpen(false), [href]);

  // A tap outside: Safari does not focus a tapped button, so no blur would close it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

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
  const button = { ref: buttonRef, open, controls: panelId, onToggle: () => setOpen((value) => !value) };
  return { open, setOpen, wrapperRef, panelId, button, onKeyDown, onBlur };
}
