import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef } from 'react';
import { toast } from '../../lib/toast';

/** The spec's editor settings (SPEC.md section 9). */
const toolbar = [
  [{ header: [1, 2, 3, false] }],
  [{ size: ['small', false, 'large', 'huge'] }, { font: [] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ script: 'sub' }, { script: 'super' }],
  [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  ['blockquote', 'code-block', 'link', 'image'],
  ['clean'],
];

const Font = Quill.import('formats/font') as { whitelist: string[] };
Font.whitelist = ['serif', 'monospace'];
Quill.register(Font as never, true);

const imageTypes = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'];
// Inline images travel inside the category's content; keep each one small enough to save.
const maxImageBytes = 1024 * 1024;

type RichTextEditorProps = {
  /** The initial HTML; later changes of the prop are ignored (the editor owns its content). */
  defaultValue: string | null | undefined;
  onChange: (html: string) => void;
  id?: string;
  'aria-labelledby'?: string;
};

/**
 * Quill 2 with the spec's toolbar: undo history of 100 steps merging edits within 1000 ms,
 * sizes, serif/monospace fonts, alignments, headers 1-3, indentation and images embedded inline.
 * Loaded only by the admin page, so neither Quill nor its styles reach public pages.
 */
export function RichTextEditor({ defaultValue, onChange, id, 'aria-labelledby': labelledBy }: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialRef = useRef(defaultValue);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const container = host.appendChild(document.createElement('div'));
    const quill = new Quill(container, {
      theme: 'snow',
      modules: {
        history: { delay: 1000, maxStack: 100, userOnly: true },
        toolbar: { container: toolbar, handlers: { image: () => pickImage(quill) } },
      },
    });
    if (initialRef.current) quill.clipboard.dangerouslyPasteHTML(initialRef.current, 'silent');
    quill.history.clear();
    const editable = quill.root;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    if (id) editable.id = id;
    if (labelledBy) editable.setAttribute('aria-labelledby', labelledBy);
    quill.on('text-change', () => {
      // Semantic HTML (real <ul>/<ol>) renders right on the public page without Quill's styles; Quill 2.0
      // writes every space as a no-break space there, which would stop the text from wrapping.
      onChangeRef.current(quill.getLength() > 1 ? quill.getSemanticHTML().replaceAll('&nbsp;', ' ') : '');
    });
    return () => {
      host.innerHTML = '';
    };
  }, [id, labelledBy]);

  return <div ref={hostRef} className="rich-text-editor rounded-md bg-surface [&_.ql-container]:min-h-40 [&_.ql-container]:text-base" />;
}

/** Asks for an image file and embeds it inline as a data URL at the cursor. */
function pickImage(quill: Quill) {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = imageTypes.join(',');
  input.onchange = () => {
    const file = input.files?.[0];
    if (!file) return;
    if (!imageTypes.includes(file.type)) {
      toast({ title: 'Invalid file type', description: 'Please select a PNG, GIF, JPEG, BMP or ICO image.', variant: 'destructive' });
      return;
    }
    if (file.size > maxImageBytes) {
      toast({ title: 'File too large', description: 'Please select an image under 1MB.', variant: 'destructive' });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const range = quill.getSelection(true);
      quill.insertEmbed(range.index, 'image', reader.result, 'user');
      quill.setSelection(range.index + 1, 0, 'silent');
    };
    reader.readAsDataURL(file);
  };
  input.click();
}
