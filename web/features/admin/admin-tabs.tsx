import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { useChoiceInRow, useRowEdges } from "../../lib/scroll-row.ts";

export type TabItem<K extends string> = { key: K; label: string };

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrow keys (and Home / End) move between
 * the tabs, the panel follows. On a phone the row scrolls sideways: a fade at each end that hides
 * tabs says so (a tab cut mid-word looked like a mistake), and the active tab is scrolled into it.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  active: K;
  onChange(key: K): void;
  children: ReactNode;
}) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const row = useRef<HTMLDivElement>(null);
  const edges = useRowEdges(row);
  useChoiceInRow(row, '[aria-selected="true"]', active);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const next = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.key);
    buttons.current.get(tab.key)?.focus();
  };

  return (
    <div>
      <div className="relative">
        <div
          ref={row}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="-mx-1 flex gap-1 overflow-x-auto border-b border-sand px-1 pb-px [scrollbar-width:none]"
        >
          {tabs.map((tab) => {
            const selected = tab.key === active;
            return (
              <button
                key={tab.key}
                ref={(element) => {
                  if (element) buttons.current.set(tab.key, element);
                  else buttons.current.delete(tab.key);
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${tab.key}`}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => onChange(tab.key)}
                className={`-mb-px min-h-11 shrink-0 rounded-t-xl border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                  selected
                    ? "border-sage-700 bg-white text-sage-900"
                    : "border-transparent text-muted hover:bg-linen hover:text-sage-900"
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <RowFade side="start" shown={edges.start} />
        <RowFade side="end" shown={edges.end} />
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${active}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern: Tab from the tab list reaches the panel
        tabIndex={0}
        className="pt-6 outline-offset-4"
      >
        {children}
      </div>
    </div>
  );
}

/** The page's background fading over the end of a row that hides more tabs; taps go through it. */
function RowFade({ side, shown }: { side: "start" | "end"; shown: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-fade={side}
      className={`pointer-events-none absolute top-0 bottom-px w-10 from-cream transition-opacity duration-150 ${
        side === "start" ? "-left-1 bg-linear-to-r" : "-right-1 bg-linear-to-l"
      } ${shown ? "opacity-100" : "opacity-0"}`}
    />
  );
}
