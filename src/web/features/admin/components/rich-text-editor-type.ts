import type { ComponentType } from 'react';

/**
 * What the category dialog needs from a rich-text editor. The admin page passes the Quill one in
 * (lazily loaded), so the editor stays its own feature and out of every other page's code.
 */
export type RichTextEditorComponent = ComponentType<{
  defaultValue: string | null | undefined;
  onChange: (html: string) => void;
  'aria-labelledby'?: string;
}>;
