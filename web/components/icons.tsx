import { Fragment, type ReactElement, type SVGProps } from "react";

/** Decorative line icons (24×24, stroke = currentColor). Always hidden from assistive tech. */
type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

/**
 * An icon drawn in the shared 24×24 frame: a string is a plain path's outline (its `d`), anything
 * else is an element of its own (a circle, a path with a stroke of its own). The caller's props
 * win over the frame's.
 */
function icon(...shapes: (string | ReactElement)[]) {
  return (props: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {shapes.map((shape, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an icon's shapes are fixed; they never move.
        <Fragment key={i}>{typeof shape === "string" ? <path d={shape} /> : shape}</Fragment>
      ))}
    </svg>
  );
}

export const LeafIcon = icon(
  "M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.48 19 2c1 2 2 4.18 2 8 0 5.5-4.78 10-10 10Z",
  "M2 21c0-3 1.85-5.36 5.08-6C9.5 14.52 12 13 13 12",
);

export const MenuIcon = icon("M4 7h16M4 12h16M4 17h16");

export const CloseIcon = icon("M18 6 6 18M6 6l12 12");

export const ChevronDownIcon = icon("m6 9 6 6 6-6");

export const ArrowRightIcon = icon("M5 12h14M13 6l6 6-6 6");

export const ExternalIcon = icon("M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6");

export const SproutIcon = icon(
  "M7 20h10M12 20v-8",
  "M12 12c0-4-3-6-7-6 0 4 3 6 7 6Z",
  "M12 10c0-3.5 2.5-6 7-6 0 4-2.5 6-7 6Z",
);

export const ScrollIcon = icon(
  "M8 21h11a2 2 0 0 0 2-2v-1H10v1a2 2 0 1 1-4 0V5a2 2 0 0 0-2-2 2 2 0 0 0-2 2v2h4",
  "M19 17V5a2 2 0 0 0-2-2H4",
  "M10 8h6M10 12h5",
);

export const HandHeartIcon = icon(
  "M12 11.5c-1.7-1.6-4-2.9-4-5A2.3 2.3 0 0 1 12 5a2.3 2.3 0 0 1 4 1.5c0 2.1-2.3 3.4-4 5Z",
  "M3 15h3l3.5 1.5H13a1.5 1.5 0 0 1 0 3H9",
  "m13 18 5.2-2.3a1.6 1.6 0 0 1 1.5 2.8L14 22H7l-4-2",
);

export const ChatIcon = icon(
  "M7.9 20A9 9 0 1 0 4 16.1L2 22Z",
  "M8.5 9.5c0 3 3 6 6 6l1.2-1.4-2-1-.9.8a4 4 0 0 1-2.7-2.7l.8-.9-1-2-1.4 1.2Z",
);

export const StoreIcon = icon(
  "M3 9 4.5 4h15L21 9",
  "M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0",
  "M5 11.5V20h14v-8.5",
  "M10 20v-5h4v5",
);

export const InstagramIcon = icon(
  <rect x="3" y="3" width="18" height="18" rx="5" />,
  <circle cx="12" cy="12" r="4" />,
  <path d="M17.5 6.5h.01" strokeWidth={2.5} />,
);

export const PinterestIcon = icon(
  <circle cx="12" cy="12" r="9.5" />,
  "m10.6 21.3 2.2-9.3",
  "M9.3 15.2a4.2 4.2 0 0 1-1.6-3.4c0-2.6 2-4.6 4.7-4.6 2.5 0 4.3 1.7 4.3 4 0 2.6-1.4 4.6-3.3 4.6-1 0-1.8-.8-1.6-1.8",
);

export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, "m20 20-3.5-3.5");

export const ArrowLeftIcon = icon("M19 12H5M11 18l-6-6 6-6");

export const ShareIcon = icon(
  <circle cx="18" cy="5" r="3" />,
  <circle cx="6" cy="12" r="3" />,
  <circle cx="18" cy="19" r="3" />,
  "m8.6 13.5 6.8 4M15.4 6.5l-6.8 4",
);

export const UserIcon = icon(<circle cx="12" cy="8" r="4" />, "M4 21a8 8 0 0 1 16 0");

export const LockIcon = icon(<rect x="4" y="11" width="16" height="10" rx="2" />, "M8 11V7a4 4 0 0 1 8 0v4");

const Check = icon("M20 6 9 17l-5-5");
export const CheckIcon = (props: IconProps) => <Check strokeWidth={2} {...props} />;

export const ChevronUpIcon = icon("m6 15 6-6 6 6");

const Dots = icon(
  <circle cx="9" cy="6" r="1.6" />,
  <circle cx="15" cy="6" r="1.6" />,
  <circle cx="9" cy="12" r="1.6" />,
  <circle cx="15" cy="12" r="1.6" />,
  <circle cx="9" cy="18" r="1.6" />,
  <circle cx="15" cy="18" r="1.6" />,
);
/** The dotted grip of a row that can be dragged: filled dots, not lines. */
export const DragHandleIcon = (props: IconProps) => <Dots fill="currentColor" stroke="none" {...props} />;

export const BulletListIcon = icon(
  "M9 6h11M9 12h11M9 18h11",
  <path d="M4.5 6h.01M4.5 12h.01M4.5 18h.01" strokeWidth={3} />,
);

export const NumberedListIcon = icon(
  "M9 6h11M9 12h11M9 18h11",
  <path d="M4 5h1v3M4 11.5h2L4 14h2M4 17h2v3H4" strokeWidth={1.25} strokeLinecap="butt" strokeLinejoin="miter" />,
);

const Chain = icon(
  "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7",
  "M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
);
export const LinkIcon = (props: IconProps) => <Chain strokeLinejoin="miter" {...props} />;

/** A speech bubble: "get in touch", the phone's one button for the contact links. */
export const MessageIcon = icon(
  "M7.9 20A9 9 0 1 0 4 16.1L2 22Z",
  <path d="M8 12h.01M12 12h.01M16 12h.01" strokeWidth={2.5} />,
);
