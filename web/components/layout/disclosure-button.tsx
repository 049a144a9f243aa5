import type { ReactNode, Ref } from "react";

/** The button that shows and hides a panel (a menu): says whether it is open and what it controls. */
export function DisclosureButton(props: {
  ref: Ref<HTMLButtonElement>;
  open: boolean;
  controls: string;
  label: string;
  className: string;
  onToggle(): void;
  children: ReactNode;
}) {
  return (
    <button
      ref={props.ref}
      type="button"
      className={props.className}
      aria-expanded={props.open}
      aria-controls={props.controls}
      aria-label={props.label}
      onClick={props.onToggle}
    >
      {props.children}
    </button>
  );
}
