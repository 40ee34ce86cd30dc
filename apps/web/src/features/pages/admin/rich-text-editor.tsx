import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, mergeAttributes, Node, useEditor, useEditorState } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImageIcon,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Music2,
  Quote,
  Redo2,
  Table2,
  Undo2,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { fieldLabelClass } from '#src/ui/field';
import { type EditorPrompt, EditorPromptDialog } from './editor-prompt-dialog';

/**
 * An embed of a Zema track, album or playlist in a custom page: stored as
 * `<div data-zema-embed="track" data-id="12">`, which the server's allow-list keeps and the page
 * draws as a player.
 */
const ZemaEmbed = Node.create({
  name: 'zemaEmbed',
  group: 'block',
  atom: true,
  addAttributes() {
    return {
      kind: { default: 'track', parseHTML: (el) => el.getAttribute('data-zema-embed') },
      id: { default: null, parseHTML: (el) => el.getAttribute('data-id') },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-zema-embed]' }];
  },
  renderHTML({ node }) {
    return [
      'div',
      mergeAttributes({
        'data-zema-embed': node.attrs.kind,
        'data-id': node.attrs.id,
        // The editor's own label; the allow-list drops it from what is stored.
        'data-label': `${node.attrs.kind} ${node.attrs.id}`,
      }),
    ];
  },
});

const EMBED_ADDRESS = /\/(track|album|playlist)\/(\d+)/;

/** What a page around the editor may do to it: put a picture at the cursor. */
export interface RichTextEditorHandle {
  insertImage: (src: string, alt?: string) => void;
}

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Receives the handle once the editor is ready (null when it goes). */
  onReady?: (handle: RichTextEditorHandle | null) => void;
}

/**
 * The custom page editor (TipTap): headings, bold and italic, lists, quotes, links, pictures,
 * tables and embeds of Zema tracks, albums and playlists. It writes HTML; the server sanitises it.
 */
export function RichTextEditor({ label, value, onChange, onReady }: RichTextEditorProps) {
  const labelId = useId();
  const { trans } = useTrans();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image.configure({ allowBase64: false }),
      TableKit.configure({ table: { resizable: false } }),
      ZemaEmbed,
    ],
    content: value,
    // The page's CSP refuses a <style> without its nonce: the editor's few rules are in styles.css.
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'custom-page-body min-h-80 px-4 py-3 outline-none',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  useEffect(() => {
    if (!editor) return;
    onReady?.({ insertImage: (src, alt) => editor.chain().focus().setImage({ src, alt }).run() });
    return () => onReady?.(null);
  }, [editor, onReady]);
  // A value from outside (another language's tab, a reset) replaces the content.
  useEffect(() => {
    if (editor && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
      image: e?.isActive('image') ?? false,
    }),
  });
  const [prompt, setPrompt] = useState<EditorPrompt | null>(null);

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const tool = (name: string, Icon: LucideIcon, run: () => void, pressed?: boolean) => (
    <Button
      key={name}
      variant="icon"
      size="sm"
      aria-label={name}
      aria-pressed={pressed}
      className={cx(pressed && 'bg-hover text-fg')}
      onPress={run}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className={fieldLabelClass}>
        {label}
      </span>
      <div className="rounded-theme border border-divider bg-paper focus-within:border-primary">
        <div
          role="toolbar"
          aria-label={trans('{field}: formatting', { field: label })}
          className="flex flex-wrap gap-0.5 border-b border-divider p-1"
        >
          {tool(trans('Heading'), Heading2, () => chain().toggleHeading({ level: 2 }).run(), active?.h2)}
          {tool(trans('Subheading'), Heading3, () => chain().toggleHeading({ level: 3 }).run(), active?.h3)}
          {tool(trans('Bold'), Bold, () => chain().toggleBold().run(), active?.bold)}
          {tool(trans('Italic'), Italic, () => chain().toggleItalic().run(), active?.italic)}
          {tool(trans('Bulleted list'), List, () => chain().toggleBulletList().run(), active?.bullet)}
          {tool(
            trans('Numbered list'),
            ListOrdered,
            () => chain().toggleOrderedList().run(),
            active?.ordered,
          )}
          {tool(trans('Quote'), Quote, () => chain().toggleBlockquote().run(), active?.quote)}
          {tool(
            trans('Link'),
            Link2,
            () => {
              if (editor.isActive('link')) return void chain().unsetLink().run();
              setPrompt({
                title: trans('Add a link'),
                label: trans('Link address'),
                description: trans('A page of this site (/contact) or of another (https://…).'),
                submitLabel: trans('Add link'),
                check: (href) =>
                  /^(\/(?!\/)|https?:\/\/|mailto:)/i.test(href)
                    ? null
                    : trans('Start with /, https://, http:// or mailto:'),
                onSubmit: (href) => chain().extendMarkRange('link').setLink({ href }).run(),
              });
            },
            active?.link,
          )}
          {tool(trans('Table'), Table2, () =>
            chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
          )}
          {tool(trans('Zema track, album or playlist'), Music2, () =>
            setPrompt({
              title: trans('Embed Zema music'),
              label: trans('Address of a track, album or playlist'),
              description: trans(
                'Copy it from the page of the track, album or public playlist on this site.',
              ),
              submitLabel: trans('Embed'),
              check: (address) =>
                EMBED_ADDRESS.test(address)
                  ? null
                  : trans('This is not the address of a track, album or playlist.'),
              onSubmit: (address) => {
                const match = EMBED_ADDRESS.exec(address)!;
                chain()
                  .insertContent({ type: 'zemaEmbed', attrs: { kind: match[1], id: match[2] } })
                  .run();
              },
            }),
          )}
          {active?.image &&
            tool(trans('Describe the picture'), ImageIcon, () =>
              setPrompt({
                title: trans('Describe the picture'),
                label: trans('Description (alternative text)'),
                description: trans('What the picture shows, for people who cannot see it.'),
                initial: String(editor.getAttributes('image').alt ?? ''),
                submitLabel: trans('Save description'),
                onSubmit: (alt) => chain().updateAttributes('image', { alt }).run(),
              }),
            )}
          {tool(trans('Undo'), Undo2, () => chain().undo().run())}
          {tool(trans('Redo'), Redo2, () => chain().redo().run())}
        </div>
        <EditorContent editor={editor} />
      </div>
      {prompt && <EditorPromptDialog prompt={prompt} onClose={() => setPrompt(null)} />}
    </div>
  );
}
