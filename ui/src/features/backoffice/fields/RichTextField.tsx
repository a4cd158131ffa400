import { useId, useRef, useState, type CSSProperties } from 'react';
import { Button, Group, Input, Loader, Popover, TextInput } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import '@mantine/tiptap/styles.layer.css';
import { IconBrandYoutube, IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import Youtube from '@tiptap/extension-youtube';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { limits } from '@/generated/validation-rules';
import { toast } from '@/lib/toast';
import { imageWidthUrl, youtubeId } from '../format';
import { BACKOFFICE_MESSAGES } from '../messages';
import { checkImageFile, useImageUpload, type ImageUploads } from './upload';
import classes from '../Backoffice.module.css';

/** The toolbar's names, in Portuguese (Mantine's defaults are English). */
const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  h2ControlLabel: 'Intertítulo',
  h3ControlLabel: 'Subintertítulo',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Citação',
  linkControlLabel: 'Link',
  unlinkControlLabel: 'Remover link',
  undoControlLabel: 'Desfazer',
  redoControlLabel: 'Refazer',
  linkEditorInputLabel: 'Endereço do link',
  linkEditorInputPlaceholder: 'https://exemplo.com.br',
  linkEditorExternalLink: 'Abrir em nova aba',
  linkEditorInternalLink: 'Abrir na mesma aba',
  linkEditorSave: 'Salvar',
};

/** The width an image in the body is inserted at (the article column is narrower). */
const BODY_IMAGE_WIDTH = 1280;

export interface RichTextFieldProps {
  label: string;
  description?: string;
  /** The HTML the field starts with; later changes of this prop are not applied (tiptap owns it). */
  initialHtml: string;
  /** The HTML after each change; '' when the document is empty. */
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  /**
   * Picture and YouTube buttons, with the desk's picture upload (a news body and a promotion's
   * description have them; the PRO teaser and the rules do not).
   */
  media?: ImageUploads;
  minHeight?: number;
  'data-testid'?: string;
}

/**
 * A rich text field on Mantine's tiptap editor: bold, italic, two heading levels (the page's title
 * is the h1), lists, quotes, links, and in the body pictures (uploaded like the cover) and YouTube
 * videos. It writes HTML; the server sanitises it when storing.
 */
export function RichTextField({
  label,
  description,
  initialHtml,
  onChange,
  error,
  required,
  media,
  minHeight = 280,
  'data-testid': testId,
}: RichTextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : '', error ? errorId : '']
    .filter(Boolean)
    .join(' ');

  const editor = useEditor({
    extensions: [
      // The body keeps to what the site's article styles: no code blocks, no rules, h2/h3 only.
      StarterKit.configure({
        link: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        heading: { levels: [2, 3] },
      }),
      Link,
      ...(media
        ? [
            Image.configure({ inline: false, allowBase64: false }),
            Youtube.configure({ nocookie: true, controls: true, width: 640, height: 360 }),
          ]
        : []),
    ],
    content: initialHtml,
    // The toolbar reads the active marks while rendering.
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        class: classes.richContent ?? '',
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
      data-testid={testId}
    >
      <RichTextEditor
        editor={editor}
        labels={LABELS}
        className={classes.rich}
        data-error={error ? true : undefined}
        style={{ '--rich-min-height': `${minHeight}px` } as CSSProperties}
      >
        <RichTextEditor.Toolbar
          sticky
          stickyOffset={0}
          role="toolbar"
          aria-label={BACKOFFICE_MESSAGES.toolbar}
        >
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          {media && editor && (
            <RichTextEditor.ControlsGroup>
              <ImageControl editor={editor} uploads={media} />
              <YoutubeControl editor={editor} />
            </RichTextEditor.ControlsGroup>
          )}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

/** Picks a picture, uploads it (same checks as the cover) and inserts it where the cursor is. */
function ImageControl({ editor, uploads }: { editor: Editor; uploads: ImageUploads }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageUpload(uploads);
  const busy = upload.state.status === 'uploading';

  const insert = async (file: File) => {
    const problem = await checkImageFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    const image = await upload.start(file);
    if (image) {
      editor
        .chain()
        .focus()
        .setImage({ src: imageWidthUrl(image.url, BODY_IMAGE_WIDTH), alt: '' })
        .run();
    } else if (upload.lastError.current) {
      toast.error(upload.lastError.current);
    }
  };

  return (
    <>
      <RichTextEditor.Control
        aria-label={BACKOFFICE_MESSAGES.imageInsert}
        title={BACKOFFICE_MESSAGES.imageInsert}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy ? <Loader size={14} /> : <IconPhoto size={16} stroke={1.5} aria-hidden />}
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept={limits.IMAGE_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void insert(file);
        }}
      />
    </>
  );
}

/** Asks for a YouTube address and embeds the video (privacy-enhanced youtube-nocookie.com). */
function YoutubeControl({ editor }: { editor: Editor }) {
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const insert = () => {
    const id = youtubeId(url);
    if (!id) {
      setError(BACKOFFICE_MESSAGES.youtubeInvalid);
      return;
    }
    editor
      .chain()
      .focus()
      .setYoutubeVideo({ src: `https://www.youtube.com/watch?v=${id}` })
      .run();
    setOpened(false);
    setUrl('');
    setError(null);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus withArrow shadow="md" width={320}>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={BACKOFFICE_MESSAGES.youtubeInsert}
          title={BACKOFFICE_MESSAGES.youtubeInsert}
          onClick={() => setOpened((value) => !value)}
          aria-expanded={opened}
        >
          <IconBrandYoutube size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <TextInput
          label={BACKOFFICE_MESSAGES.youtubePrompt}
          placeholder="https://www.youtube.com/watch?v=…"
          value={url}
          error={error}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              insert();
            }
          }}
          data-autofocus
        />
        <Group justify="flex-end" mt="sm">
          <Button size="xs" onClick={insert}>
            {BACKOFFICE_MESSAGES.insert}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
