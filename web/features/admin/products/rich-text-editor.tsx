import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ComponentProps, type FormEvent, useId, useRef, useState } from "react";
import { BulletListIcon, LinkIcon, NumberedListIcon } from "../../../components/icons.tsx";
import { m } from "../../../paraglide/messages.js";
import { IconButton } from "../admin-ui.tsx";
import { plainTextToHtml, sanitizePastedHtml } from "./rich-text-paste.ts";

/**
 * The product description editor (docs/product.md §2, §5): bold, italic, headings, lists and links, in an
 * area between 10rem and 24rem tall. Tiptap (ProseMirror) keeps the document to what its schema
 * knows; pastes are cleaned before it parses them (rich-text-paste.ts). The server sanitizes what
 * is saved again, with the same rules the pages render with (docs/architecture.md §6).
 *
 * Uncontrolled: `initialHtml` is read once; the form remounts the editor (a new `key`) to load
 * another product.
 */
export function RichTextEditor({
  labelId,
  describedBy,
  lang,
  initialHtml,
  onChange,
}: {
  labelId: string;
  describedBy?: string;
  /** The language of the text written, when it is not the page's (the English texts, ADR 0087). */
  lang?: string;
  initialHtml: string;
  onChange(html: string): void;
}) {
  const editorRef = useRef<Editor | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // What the shop's pages show (worker/contract/rich-text.ts): no code, h2–h3 under the
        // page's own h1.
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["http", "https", "mailto"],
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" },
        },
      }),
    ],
    content: initialHtml,
    // Rendered in the browser only (the admin screens are not server-rendered).
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(lang ? { lang } : {}),
        class:
          "rich-text min-h-[10rem] max-h-[24rem] overflow-y-auto rounded-b-xl bg-white px-4 py-3 text-base text-ink focus-visible:outline-2 focus-visible:outline-offset-0",
      },
      transformPastedHTML: sanitizePastedHtml,
      handlePaste(_view, event) {
        const data = event.clipboardData;
        // HTML goes through transformPastedHTML; plain text is escaped here, line breaks kept.
        if (!data || data.types.includes("text/html")) return false;
        const text = data.getData("text/plain");
        if (!text || !editorRef.current) return false;
        editorRef.current.chain().focus().insertContent(plainTextToHtml(text)).run();
        return true;
      },
    },
    onUpdate({ editor: current }) {
      onChange(current.isEmpty ? "" : current.getHTML());
    },
  });
  editorRef.current = editor;

  return (
    <div className="rounded-xl border border-sand shadow-soft focus-within:border-sage-600">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** Not a word in any language: the start of an address. */
const urlPlaceholder = "https://";

function Toolbar({ editor }: { editor: Editor }) {
  const id = useId();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      link: e.isActive("link"),
      href: (e.getAttributes("link").href as string | undefined) ?? "",
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState("");
  const chain = () => editor.chain().focus();

  const openLink = () => {
    setHref(active.href);
    setLinkOpen((open) => !open);
  };
  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const address = href.trim();
    if (address) chain().extendMarkRange("link").setLink({ href: address }).run();
    else chain().extendMarkRange("link").unsetLink().run();
    setLinkOpen(false);
  };

  return (
    <div className="rounded-t-xl border-b border-sand bg-linen">
      <div role="toolbar" aria-label={m.admin_editor_formatting()} className="flex flex-wrap gap-1 p-1.5">
        <ToolButton label={m.admin_editor_bold()} pressed={active.bold} onClick={() => chain().toggleBold().run()}>
          <span className="font-bold">{m.admin_editor_bold_mark()}</span>
        </ToolButton>
        <ToolButton
          label={m.admin_editor_italic()}
          pressed={active.italic}
          onClick={() => chain().toggleItalic().run()}
        >
          <span className="font-serif italic">{m.admin_editor_italic_mark()}</span>
        </ToolButton>
        <ToolButton
          label={m.admin_editor_h2()}
          pressed={active.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          {m.admin_editor_h2_mark()}
        </ToolButton>
        <ToolButton
          label={m.admin_editor_h3()}
          pressed={active.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          {m.admin_editor_h3_mark()}
        </ToolButton>
        <ToolButton
          label={m.admin_editor_bulleted_list()}
          pressed={active.bullets}
          onClick={() => chain().toggleBulletList().run()}
        >
          <BulletListIcon className="size-5" />
        </ToolButton>
        <ToolButton
          label={m.admin_editor_numbered_list()}
          pressed={active.numbers}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <NumberedListIcon className="size-5" />
        </ToolButton>
        <ToolButton
          label={m.admin_editor_link()}
          pressed={active.link}
          aria-expanded={linkOpen}
          aria-controls={`${id}-link`}
          onClick={openLink}
        >
          <LinkIcon className="size-5" />
        </ToolButton>
      </div>
      {/* A form of its own would nest inside the product form: a group that submits on Enter. */}
      <div id={`${id}-link`} hidden={!linkOpen} className="border-t border-sand px-2 py-2">
        <div className="flex flex-wrap items-end gap-2">
          <label className="min-w-0 flex-1 text-sm font-medium text-ink">
            {m.admin_editor_link_address()}
            <input
              type="url"
              inputMode="url"
              value={href}
              placeholder={urlPlaceholder}
              onChange={(event) => setHref(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") applyLink(event);
                if (event.key === "Escape") setLinkOpen(false);
              }}
              className="mt-1 h-11 w-full rounded-lg border border-sand bg-white px-3 text-base"
            />
          </label>
          <button type="button" className="btn btn-primary" onClick={applyLink}>
            {m.admin_editor_apply_link()}
          </button>
          {active.link ? (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                chain().extendMarkRange("link").unsetLink().run();
                setLinkOpen(false);
              }}
            >
              {m.admin_editor_remove_link()}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** A toolbar button: pressed while its mark or block is on where the cursor is. */
function ToolButton({ pressed, ...button }: ComponentProps<typeof IconButton> & { pressed: boolean }) {
  return (
    <IconButton
      aria-pressed={pressed}
      // Keeps the editor's selection: the command applies to what was selected.
      onMouseDown={(event) => event.preventDefault()}
      className={`grid h-11 min-w-11 place-items-center rounded-lg px-2 text-sm font-semibold ${
        pressed ? "bg-sage-700 text-white" : "text-sage-900 hover:bg-sand"
      }`}
      {...button}
    />
  );
}
